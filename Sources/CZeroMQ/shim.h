// The system libzmq (Debian: libzmq3-dev), imported as-is. Nothing is re-implemented here.
#ifndef CZEROMQ_SHIM_H
#define CZEROMQ_SHIM_H
#include <zmq.h>
#endif
