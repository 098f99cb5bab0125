//! Native trace replay: `trace <scenario.json> <trace file> [--format F] [--params P]
//! [--map direct|dense] [--policy NAME]` streams the file through the scenario's cache in 1 MiB reads and
//! prints the JSON report, as `npm run -s sim -- <scenario> --trace <file>` does on wasm.
//! On a bad record it prints the report of the accesses before it, and the error on stderr.

use cachesim::buffer::whatif::trace_feed::{
    guess_format, ObjectMap, TraceFeed, TraceFormat, TraceOptions,
};
use cachesim::Scenario;
use std::io::Read;
use std::process::exit;

fn usage() -> ! {
    eprintln!("usage: trace <scenario.json> <trace file> [--format txt|csv|oracleGeneral|project] [--params \"time-col=1, obj-id-col=2, …\"] [--map direct|dense] [--policy NAME]");
    exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut files, mut format, mut params, mut map, mut policy) =
        (Vec::new(), None, None, None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_else(|| usage());
        match a.as_str() {
            "--format" => format = Some(value()),
            "--params" => params = Some(value()),
            "--map" => map = Some(value()),
            "--policy" => policy = Some(value()),
            "--help" | "-h" => usage(),
            _ => files.push(a.clone()),
        }
    }
    let [scenario_file, trace_file] = &files[..] else {
        usage()
    };
    let fail = |what: String| -> ! {
        eprintln!("trace: {what}");
        exit(1)
    };
    let text = std::fs::read_to_string(scenario_file)
        .unwrap_or_else(|e| fail(format!("cannot read {scenario_file}: {e}")));
    let mut file = std::fs::File::open(trace_file)
        .unwrap_or_else(|e| fail(format!("cannot read {trace_file}: {e}")));
    let mut buf = vec![0u8; 1 << 20];
    let first = file
        .read(&mut buf)
        .unwrap_or_else(|e| fail(format!("cannot read {trace_file}: {e}")));
    let format = match format.as_deref() {
        None => guess_format(trace_file, &buf[..first]),
        Some(f) => TraceFormat::from_name(f).unwrap_or_else(|| {
            let names: Vec<_> = TraceFormat::ALL.iter().map(|f| f.name()).collect();
            fail(format!("--format '{f}' is not one of {}", names.join(", ")))
        }),
    };
    let map = match map.as_deref() {
        None | Some("direct") => ObjectMap::Direct,
        Some("dense") => ObjectMap::Dense,
        Some(m) => fail(format!("--map '{m}' is not direct or dense")),
    };
    let opts = TraceOptions {
        format,
        params,
        map: Some(map),
    };
    let mut scenario =
        Scenario::parse(&text).unwrap_or_else(|e| fail(format!("{scenario_file}: {e}")));
    if policy.is_some() {
        scenario.policy = policy;
    }
    let mut feed =
        TraceFeed::new(scenario, &opts).unwrap_or_else(|e| fail(format!("{scenario_file}: {e}")));
    let mut n = first;
    let mut out = Ok(());
    while n > 0 && out.is_ok() {
        out = feed.feed(&buf[..n]);
        n = file
            .read(&mut buf)
            .unwrap_or_else(|e| fail(format!("cannot read {trace_file}: {e}")));
    }
    let out = out.and_then(|_| feed.finish());
    println!(
        "{}",
        serde_json::to_string_pretty(&feed.report()).expect("a report serialises")
    );
    if let Err(e) = out {
        fail(format!("{trace_file}: {e}"));
    }
}
