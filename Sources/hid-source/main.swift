print("hid-source: waiting for GestureScript (local build only)")
