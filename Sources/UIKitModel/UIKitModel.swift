// Module UIKitModel: see Package.swift for its role.
