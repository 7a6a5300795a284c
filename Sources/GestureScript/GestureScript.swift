// Module GestureScript: see Package.swift for its role.
