#!/usr/bin/env python3
"""Drives the explorer page in headless Chromium (selenium + chromedriver) for ExplorerBrowserTests.

  explorer_browser.py SCENARIO URL OUTDIR
Input goes through Chrome's own input pipeline (DevTools Input.dispatchMouseEvent / dispatchTouchEvent), so
the page receives real Pointer Events. Prints one JSON object: the texts the test asserts; saves screenshots
in OUTDIR. Exit 0 when the page could be driven; the assertions are the Swift test's."""
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, script, timeout=10):
    """Polls a JS expression until it is truthy."""
    end = time.time() + timeout
    while time.time() < end:
        value = driver.execute_script("return " + script)
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit("timed out waiting for: " + script)


def client_point(driver, x, y, variant=0):
    """Screen points of the scene -> the page's client coordinates."""
    return driver.execute_script("""
        const stage = document.querySelectorAll('svg.stage')[arguments[2]];
        const p = stage.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
        const c = p.matrixTransform(stage.getScreenCTM());
        return [c.x, c.y];""", x, y, variant)


def click(driver, x, y):
    cx, cy = client_point(driver, x, y)
    for kind in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                               {"type": kind, "x": cx, "y": cy, "button": "left", "clickCount": 1})
        time.sleep(0.05)


def texts(driver):
    return driver.execute_script("""
        const t = (id) => document.getElementById(id) ? document.getElementById(id).innerText : null;
        return {hitpath: t('hitpath'), chain: t('chain'), lanes: t('lanes'), differences: t('differences'),
                refusals: t('refusals'), status: t('status'), stepLabel: t('stepLabel'),
                trace: Array.from(document.querySelectorAll('#trace li')).map((li) => li.innerText),
                highlighted: Array.from(document.querySelectorAll('.hl')).map((n) => n.getAttribute('class') + ' ' + n.dataset.view),
                steps: window.explorer.steps.map((s) => s.length)};""")


def view_center(driver, label):
    """The centre, in screen points, of the first view of the page's screen whose label starts with `label`."""
    return driver.execute_script("""
        const v = window.explorer.screens[0].report.views.find((v) => v.label.startsWith(arguments[0]));
        if (!v) return null;
        const xs = v.corners.map((c) => c[0]), ys = v.corners.map((c) => c[1]);
        return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];""", label)


def live(driver, outdir):
    """sbctl explore: tap the Settings icon on the home screen, wait for Settings' scene, tap its Wi-Fi row, wait
    for the row's trace (it arrives from the app's trace file after the frames)."""
    wait(driver, "window.explorer.mode === 'live' && document.getElementById('note').innerText.includes('home screen')")
    out = {"homeNote": driver.find_element("id", "note").text,
           "homeViews": driver.execute_script("return window.explorer.screens[0].report.views.map((v) => v.label)")}
    driver.save_screenshot(outdir + "/explorer-live-home.png")
    x, y = view_center(driver, "SBIconView #com.example.settings")
    click(driver, x, y)
    wait(driver, "document.getElementById('note').innerText.startsWith('Settings (com.example.settings) is in front')")
    x, y = view_center(driver, "WiFiRow")
    click(driver, x, y)
    wait(driver, "Array.from(document.querySelectorAll('#trace li')).some((li) => li.innerText.includes('WiFiRow touchesEnded'))")
    out.update(texts(driver))
    out["note"] = driver.find_element("id", "note").text
    out["mode"] = driver.find_element("id", "mode").text
    out["title"] = driver.execute_script("return window.explorer.screens[0].report.title")
    out["stepTraces"] = driver.execute_script(
        "return window.explorer.steps[0].map((s) => [s.input, s.trace.map((t) => t.text)])")
    out["stepNotes"] = driver.execute_script("return window.explorer.steps[0].map((s) => s.note)")
    driver.save_screenshot(outdir + "/explorer-live-settings.png")
    return out


def open_page(driver, url):
    driver.get(url)
    wait(driver, "window.explorer && window.explorer.socket && window.explorer.socket.readyState === 1 "
                 "&& document.querySelectorAll('svg.stage').length > 0")


def safety(url):
    """Refusals without a browser (websocket-client comes with selenium): a malformed message, a huge one, a
    foreign Origin; then the server's counters."""
    import urllib.request
    import websocket
    ws = url.split("?")[0].replace("http://", "ws://") + "ws"
    origin = url.split("/?")[0].rstrip("/")
    out = {}
    connection = websocket.create_connection(ws, origin=origin)
    json.loads(connection.recv())
    connection.send("{not json")
    out["malformed"] = json.loads(connection.recv())
    connection.send(json.dumps({"type": "play", "name": "huge", "text": "x" * 400000}))
    out["huge"] = json.loads(connection.recv())
    connection.send(json.dumps({"type": "pointer", "phase": "down", "id": 1, "x": 115, "y": 495, "t": 1000}))
    out["afterRefusals"] = json.loads(connection.recv())["type"]
    connection.close()
    try:
        websocket.create_connection(ws, origin="http://evil.example")
        out["foreignOrigin"] = "accepted"
    except websocket.WebSocketBadStatusException as error:
        out["foreignOrigin"] = "refused %d" % error.status_code
    out["stats"] = json.loads(urllib.request.urlopen(url.split("?")[0].rstrip("/") + "/stats").read())
    return out


def main():
    scenario, url, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    if scenario == "safety":
        print(json.dumps(safety(url)))
        return
    driver = browser()
    out = {}
    try:
        if scenario == "static":
            driver.get(url)
            wait(driver, "window.explorer && window.explorer.steps[0] && window.explorer.steps[0].length > 0")
            driver.execute_script("const s = document.getElementById('scrubber'); s.value = s.max;"
                                  "s.dispatchEvent(new Event('input'));")
            out = texts(driver)
            # Everything the page loaded besides itself (a self-contained page: nothing).
            out["resources"] = driver.execute_script(
                "return performance.getEntriesByType('resource').map((e) => e.name)")
            out["status"] = driver.find_element("id", "status").text
        else:
            open_page(driver, url)
        if scenario == "abcdef":
            click(driver, 115, 495)
            wait(driver, "window.explorer.steps[0].length >= 2")
            out = texts(driver)
            driver.save_screenshot(outdir + "/explorer-abcdef.png")
            # A malformed pointer message through the page's own socket: refused, reason on the page.
            driver.execute_script("window.explorer.socket.send('{\"type\":\"pointer\",\"phase\":\"hover\"}')")
            wait(driver, "!document.getElementById('refusals').hidden")
            out["refusalShown"] = driver.find_element("id", "refusals").text
        elif scenario == "pinch":
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
            def touch(kind, points):
                driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
                time.sleep(0.03)
            def pts(spread):
                return [dict(zip(("x", "y"), client_point(driver, 195 - spread / 2, 400)), id=1),
                        dict(zip(("x", "y"), client_point(driver, 195 + spread / 2, 400)), id=2)]
            touch("touchStart", pts(100))
            for spread in (120, 140, 160, 180, 200):
                touch("touchMove", pts(spread))
            touch("touchEnd", [])
            wait(driver, "document.getElementById('lanes').innerText.includes('ended')")
            out = texts(driver)
            driver.save_screenshot(outdir + "/explorer-pinch.png")
        elif scenario == "live":
            out = live(driver, outdir)
        elif scenario == "sidebyside":
            click(driver, 195, 210)
            wait(driver, "window.explorer.steps[0].length >= 2 && window.explorer.steps[1].length >= 2")
            time.sleep(1.2)  # the page's advance after the lift: the tap's timers
            out = texts(driver)
            driver.save_screenshot(outdir + "/explorer-side-by-side.png")
    finally:
        driver.quit()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
