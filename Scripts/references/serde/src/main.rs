//! serde_json's side of Scripts/reference-decoders.sh: one decode N times,
//! so that callgrind's (count at N = 11 - count at N = 1) / 10 is the cost
//! of one decode, as for Benchmarks/Benchmarks/Instructions.
//!
//!     serde-bench FILE N          # the corpus model (models.rs, generated)
//!     serde-bench value-FILE N    # serde_json::Value
//!
//! FILE is a corpus file's name (twitter, citm_catalog, canada, ...), read
//! from the folder PEREGRINE_CORPUS names. Each decoded value is dropped
//! before the next decode, as Swift frees each model.
mod models;

use models::*;
use serde::Deserialize;
use std::hint::black_box;

fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8], count: usize) {
    for _ in 0..count {
        let decoded: T = serde_json::from_slice(bytes).expect("decodes");
        black_box(&decoded);
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let (name, count) = match arguments.as_slice() {
        [_, name, count] => (name.as_str(), count.parse::<usize>().expect("a count")),
        _ => panic!("usage: serde-bench [value-]FILE N"),
    };
    let corpus = std::env::var("PEREGRINE_CORPUS").unwrap_or_else(|_| "../shared/corpus".into());
    let file = name.strip_prefix("value-").unwrap_or(name);
    let bytes = std::fs::read(format!("{corpus}/{file}.json")).expect("reads the file");
    match name {
        "twitter" => decode::<GeneratedTwitterModel>(&bytes, count),
        "citm_catalog" => decode::<GeneratedCitmModel>(&bytes, count),
        "canada" => decode::<GeneratedCanadaModel>(&bytes, count),
        _ if name.starts_with("value-") => decode::<serde_json::Value>(&bytes, count),
        _ => panic!("no model of {name}"),
    }
}
