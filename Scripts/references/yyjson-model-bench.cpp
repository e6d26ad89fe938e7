// yyjson's side of Scripts/reference-decoders.sh: one decode of a corpus
// file into its model N times: yyjson_read (strict, no flags) into its
// document, the model filled from it (models.inc, generated from the Swift
// models by reference-models.py), the document freed, so that callgrind's
// (count at N = 11 - count at N = 1) / 10 is the cost of one decode. A
// decoder that reads a whole tape first, as Peregrine's generated decoders
// do, with C++'s types.
//
//     yyjson-model-bench FILE N
//
// Each model is destroyed before the next decode, as Swift frees each model.
#include "yyjson.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

enum Failure { INCORRECT_TYPE, NO_SUCH_FIELD, UNREADABLE };

/// `JSONNull`: only `null` decodes to it.
struct Null {};

inline void read(yyjson_val* value, std::string& out) {
    if (!yyjson_is_str(value)) throw INCORRECT_TYPE;
    out.assign(yyjson_get_str(value), yyjson_get_len(value));
}
inline void read(yyjson_val* value, int64_t& out) {
    if (!yyjson_is_int(value)) throw INCORRECT_TYPE;
    out = yyjson_get_sint(value);
}
inline void read(yyjson_val* value, double& out) {
    if (!yyjson_is_num(value)) throw INCORRECT_TYPE;
    out = yyjson_get_num(value);
}
inline void read(yyjson_val* value, bool& out) {
    if (!yyjson_is_bool(value)) throw INCORRECT_TYPE;
    out = yyjson_get_bool(value);
}
inline void read(yyjson_val* value, Null&) {
    if (!yyjson_is_null(value)) throw INCORRECT_TYPE;
}
template <class T> void read(yyjson_val* value, std::optional<T>& out);
template <class T> void read(yyjson_val* value, std::vector<T>& out);
template <class T> void read(yyjson_val* value, std::unordered_map<std::string, T>& out);

#include "models.inc"

template <class T> void read(yyjson_val* value, std::optional<T>& out) {
    if (yyjson_is_null(value)) {
        out.reset();
    } else {
        out.emplace();
        read(value, *out);
    }
}
template <class T> void read(yyjson_val* value, std::vector<T>& out) {
    if (!yyjson_is_arr(value)) throw INCORRECT_TYPE;
    out.reserve(yyjson_arr_size(value));
    size_t index, count;
    yyjson_val* element;
    yyjson_arr_foreach(value, index, count, element) {
        out.emplace_back();
        read(element, out.back());
    }
}
template <class T> void read(yyjson_val* value, std::unordered_map<std::string, T>& out) {
    if (!yyjson_is_obj(value)) throw INCORRECT_TYPE;
    size_t index, count;
    yyjson_val *key, *member;
    yyjson_obj_foreach(value, index, count, key, member) {
        read(member, out[std::string(yyjson_get_str(key), yyjson_get_len(key))]);
    }
}

template <class Model> void decode(const std::string& bytes, long count) {
    for (long i = 0; i < count; i++) {
        Model model{};
        yyjson_doc* document = yyjson_read(bytes.data(), bytes.size(), YYJSON_READ_NOFLAG);
        if (!document) throw UNREADABLE;
        read(yyjson_doc_get_root(document), model);
        yyjson_doc_free(document);
        asm volatile("" : : "r"(&model) : "memory");  // the model is made, whatever the optimizer sees
    }
}

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    const char* corpus = std::getenv("PEREGRINE_CORPUS");
    std::string name = argv[1];
    std::string path = std::string(corpus ? corpus : "../shared/corpus") + "/" + name + ".json";
    FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return 2;
    std::string bytes;
    char block[65536];
    for (size_t read; (read = std::fread(block, 1, sizeof block, file)) > 0;) bytes.append(block, read);
    std::fclose(file);
    long count = std::strtol(argv[2], nullptr, 10);
    if (name == "twitter") decode<GeneratedTwitterModel>(bytes, count);
    else if (name == "citm_catalog") decode<GeneratedCitmModel>(bytes, count);
    else if (name == "canada") decode<GeneratedCanadaModel>(bytes, count);
    else return 2;
}
