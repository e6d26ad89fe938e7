// yyjson's side of Scripts/compare.sh: one operation N times on one file,
// so that callgrind's (count at N = 11 - count at N = 1) / 10 is the cost
// of one operation, as for Benchmarks/Benchmarks/Instructions.
//
//     yyjson-bench read|write FILE N
//
// read:  yyjson_read of the file's bytes (strict RFC 8259, no flags).
// write: yyjson_write (compact) of the file parsed once beforehand.
// The last document or text stays alive until the loop ends, so that with N = 1
// against N = 0 the peak resident set is one parse's memory.
//
// Built by Scripts/compare.sh against the yyjson sources the user names;
// yyjson itself is never part of this repository.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "yyjson.h"

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (bytes && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "read") && strcmp(argv[1], "write"))) {
        fprintf(stderr, "usage: yyjson-bench read|write FILE N\n");
        return 2;
    }
    long count = strtol(argv[3], NULL, 10);
    size_t length = 0;
    char *bytes = read_file(argv[2], &length);
    if (!bytes) {
        fprintf(stderr, "yyjson-bench: cannot read %s\n", argv[2]);
        return 2;
    }
    yyjson_read_err error;
    if (!strcmp(argv[1], "read")) {
        yyjson_doc *last = NULL;
        for (long i = 0; i < count; i++) {
            yyjson_doc_free(last);
            last = yyjson_read_opts(bytes, length, YYJSON_READ_NOFLAG, NULL, &error);
            if (!last) {
                fprintf(stderr, "yyjson-bench: %s at %zu\n", error.msg, error.pos);
                return 1;
            }
        }
        yyjson_doc_free(last);
    } else {
        yyjson_doc *document = yyjson_read_opts(bytes, length, YYJSON_READ_NOFLAG, NULL, &error);
        if (!document) {
            fprintf(stderr, "yyjson-bench: %s at %zu\n", error.msg, error.pos);
            return 1;
        }
        char *last = NULL;
        for (long i = 0; i < count; i++) {
            free(last);
            size_t written = 0;
            last = yyjson_write(document, YYJSON_WRITE_NOFLAG, &written);
            if (!last) {
                fprintf(stderr, "yyjson-bench: write failed\n");
                return 1;
            }
        }
        free(last);
        yyjson_doc_free(document);
    }
    free(bytes);
    return 0;
}
