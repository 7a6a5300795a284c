// Module AppScene: see Package.swift for its role.
