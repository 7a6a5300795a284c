// Module AppHostCore: see Package.swift for its role.
