// simdjson's side of Scripts/reference-decoders.sh: one decode of a
// corpus file into its model with the On-Demand API (models.inc, generated
// from the Swift models by reference-models.py), or one parse of it into
// simdjson's DOM, N times, so that callgrind's
// (count at N = 11 - count at N = 1) / 10 is the cost of one.
//
//     simdjson-bench FILE N       # On-Demand, into the model
//     simdjson-bench dom-FILE N   # the DOM (a tape, as JSON.Document's)
//
// SIMDJSON_FORCE_IMPLEMENTATION picks simdjson's kernel (haswell: AVX2;
// westmere: 128-bit SSE4.2 and PCLMUL; fallback: no vectors). Each model
// is destroyed before the next decode, as Swift frees each model.
#include "simdjson.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

using namespace simdjson;

/// `JSONNull`: only `null` decodes to it.
struct Null {};

inline void read(ondemand::value value, std::string& out) { out.assign(std::string_view(value.get_string())); }
inline void read(ondemand::value value, int64_t& out) { out = value.get_int64(); }
inline void read(ondemand::value value, double& out) { out = value.get_double(); }
inline void read(ondemand::value value, bool& out) { out = value.get_bool(); }
inline void read(ondemand::value value, Null&) {
    if (!value.is_null()) throw simdjson_error(INCORRECT_TYPE);
}
template <class T> void read(ondemand::value value, std::optional<T>& out);
template <class T> void read(ondemand::value value, std::vector<T>& out);
template <class T> void read(ondemand::value value, std::unordered_map<std::string, T>& out);

#include "models.inc"

template <class T> void read(ondemand::value value, std::optional<T>& out) {
    if (value.is_null()) {
        out.reset();
    } else {
        out.emplace();
        read(value, *out);
    }
}
template <class T> void read(ondemand::value value, std::vector<T>& out) {
    for (auto element : value.get_array()) {
        out.emplace_back();
        read(element.value(), out.back());
    }
}
template <class T> void read(ondemand::value value, std::unordered_map<std::string, T>& out) {
    for (auto member : value.get_object()) {
        std::string key(std::string_view(member.unescaped_key()));
        read(member.value(), out[key]);
    }
}

template <class Model> void decode(const padded_string& json, long count) {
    ondemand::parser parser;
    for (long i = 0; i < count; i++) {
        Model model{};
        ondemand::document document = parser.iterate(json);
        read(document.get_value().value(), model);
        asm volatile("" : : "r"(&model) : "memory");  // the model is made, whatever the optimizer sees
    }
}

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    const char* corpus = std::getenv("PEREGRINE_CORPUS");
    std::string name = argv[1];
    bool dom = name.rfind("dom-", 0) == 0;
    if (dom) name = name.substr(4);
    padded_string json = padded_string::load(std::string(corpus ? corpus : "../shared/corpus") + "/" + name + ".json");
    long count = std::strtol(argv[2], nullptr, 10);
    if (dom) {
        dom::parser parser;
        for (long i = 0; i < count; i++) {
            dom::element document = parser.parse(json);
            asm volatile("" : : "r"(&document) : "memory");
        }
    } else if (name == "twitter") decode<GeneratedTwitterModel>(json, count);
    else if (name == "citm_catalog") decode<GeneratedCitmModel>(json, count);
    else if (name == "canada") decode<GeneratedCanadaModel>(json, count);
    else return 2;
}
