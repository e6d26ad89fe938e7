// The system zlib: libz on Linux (package zlib1g-dev) and in Apple's SDKs.
#include <zlib.h>
