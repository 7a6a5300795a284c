// Module ZeroMQ: see Package.swift for its role.
