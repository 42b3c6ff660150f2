// zlib (the system's: Debian's zlib1g-dev, Apple's SDKs) for the list protocol's compressed
// messages. Raw DEFLATE (RFC 1951): no zlib or gzip header, the message says its length.
#ifndef CLISTADAPTERZLIB_SHIM_H
#define CLISTADAPTERZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 and inflateInit2 are macros, which Swift does not import.
static inline int listadapter_deflate_init(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

static inline int listadapter_inflate_init(z_streamp stream) {
    return inflateInit2(stream, -15);
}
#endif
