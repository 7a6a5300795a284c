// Module RunLoopKit: see Package.swift for its role.
