// Module SpringBoardCore: see Package.swift for its role.
