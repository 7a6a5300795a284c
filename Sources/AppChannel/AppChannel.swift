// Module AppChannel: see Package.swift for its role.
