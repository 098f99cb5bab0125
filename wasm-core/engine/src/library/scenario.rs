//! A library cache scenario: the same versioned JSON document as the buffer cache's, with the
//! shared pool parameters in `init` (Oracle's names), the SQLSlammer in `workload`
//! (`"kind": "sql_slammer"`) and the per-operation costs in `cost.library`.

use super::spec::{default_spin_count, CursorSharing, Size, Spec};
use crate::error::{Result, SimError};
use crate::init_ora::ParamArea;
use crate::profile::Profile;
use crate::scenario::Scenario;
use crate::scenario::WorkloadSpec;

/// A scenario whose workload drives the library cache.
pub fn is_library(s: &Scenario) -> bool {
    matches!(s.workload, WorkloadSpec::SqlSlammer(_))
}

/// Where a field of [`Spec`] lives in a scenario: init.ora, the workload (`workload.…` in
/// both), or the costs.
fn scenario_path(spec_path: &str) -> String {
    let field = spec_path.strip_prefix("library.").unwrap_or(spec_path);
    let head = field.split(['.', '[']).next().unwrap_or(field);
    match head {
        "shared_pool_size" | "_kgl_bucket_count" | "_kgl_latch_count" | "cursor_sharing"
        | "cpu_count" | "_spin_count" => format!("init.{field}"),
        "cost" => format!("cost.library{}", &field["cost".len()..]),
        _ => field.to_string(),
    }
}

/// The library cache [`Spec`] a scenario describes, with notes for what it ignores. Errors
/// name the scenario's field (`init.shared_pool_size`, `workload.jobs`).
pub fn spec_of(s: &Scenario) -> Result<(Spec, Vec<String>)> {
    let WorkloadSpec::SqlSlammer(w) = &s.workload else {
        return Err(SimError::new(
            "workload.kind",
            "a library cache scenario's workload is sql_slammer",
        ));
    };
    if !s.objects.is_empty() {
        return Err(SimError::new(
            "objects",
            "a library cache scenario reads no segments: leave objects out (or empty)",
        ));
    }
    if s.host.is_some() {
        // docs/model.md §3's host pages the buffer cache's SGA; the library cache model has no
        // pages
        return Err(SimError::new(
            "host",
            "the host section (memory and paging, docs/model.md §3) applies to buffer cache \
             scenarios; a library cache scenario has no host model: leave host out",
        ));
    }
    if let Some(name) = &s.policy {
        // docs/model.md §5's policies replace buffers in a working set; the shared pool's LRU is
        // Oracle's own and has no choice of rule
        return Err(SimError::new(
            "policy",
            format!(
                "'{}': a replacement policy chooses the buffer cache's victims; a library cache \
                 scenario has no policy to choose (the shared pool keeps Oracle's LRU): leave \
                 policy out",
                crate::error::echo(name)
            ),
        ));
    }
    let init = s.init_ora()?;
    let mut notes: Vec<String> = init.foreign_notes(ParamArea::LibraryCache);
    let d = Spec::default();
    let int = |name: &str, default: u32| -> Result<u32> {
        Ok(init.int(name)?.map_or(default, |v| v as u32))
    };
    let cursor_sharing = match init.keyword("cursor_sharing")? {
        Some("FORCE") => {
            if !s.profile.traits().cursor_sharing_force {
                let first = Profile::first_with(|t| t.cursor_sharing_force)
                    .map_or("a later version", |p| p.name());
                return Err(SimError::param(
                    "cursor_sharing",
                    format!(
                        "FORCE needs profile {first} or later (CURSOR_SHARING came with {first}; this scenario is {})",
                        s.profile.name()
                    ),
                ));
            }
            CursorSharing::Force
        }
        _ => CursorSharing::Exact,
    };
    if let Some(note) = s.profile.traits().library_note {
        notes.push(note.into());
    }
    let cpu_count = int("cpu_count", d.cpu_count)?;
    let spec = Spec {
        shared_pool_size: match init.int("shared_pool_size")? {
            Some(n) => Size::Bytes(n),
            None => d.shared_pool_size,
        },
        // Oracle's default index is 0 (509 buckets); seed 001 set 4 for its tests.
        kgl_bucket_count: int("_kgl_bucket_count", 0)?,
        kgl_latch_count: int("_kgl_latch_count", d.kgl_latch_count)?,
        cursor_sharing,
        cpu_count,
        spin_count: int("_spin_count", default_spin_count(cpu_count))?,
        workload: w.clone(),
        cost: s.cost.library.clone().unwrap_or_default(),
    };
    spec.validate()
        .map_err(|e| SimError::new(scenario_path(&e.path), e.message))?;
    Ok((spec, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"{ "version": 1, "title": "t", "profile": "8.1.6",
        "init": { "shared_pool_size": "15M", "_kgl_bucket_count": 4, "cursor_sharing": "force" },
        "workload": { "kind": "sql_slammer", "jobs": 2, "total_slams": 3 } }"#;

    fn spec(text: &str) -> Result<(Spec, Vec<String>)> {
        spec_of(&Scenario::parse(text)?)
    }

    #[test]
    fn init_workload_and_costs_map_onto_the_spec() {
        let (s, notes) = spec(OK).unwrap();
        assert_eq!(s.shared_pool_size, Size::Bytes(15 << 20));
        assert_eq!(s.kgl_bucket_count, 4);
        assert_eq!(s.cursor_sharing, CursorSharing::Force);
        let w = &s.workload;
        assert_eq!((w.jobs, w.total_slams, w.stmts_per_slam), (2, 3, 5));
        assert!(notes.is_empty());
        let with_cost = OK.replace(
            "\"total_slams\": 3 }",
            "\"total_slams\": 3 }, \"cost\": { \"library\": { \"execute_us\": 10 } }",
        );
        assert_eq!(spec(&with_cost).unwrap().0.cost.execute_us, 10.0);
    }

    #[test]
    fn errors_name_the_scenario_field() {
        let cases = [
            (OK.replace("\"15M\"", "\"15Q\""), "init.shared_pool_size"),
            (OK.replace("\"15M\"", "\"2G\""), "init.shared_pool_size"),
            (OK.replace(": 4,", ": 9,"), "init._kgl_bucket_count"),
            (
                OK.replace("\"force\"", "\"SIMILAR\""),
                "init.cursor_sharing",
            ),
            (OK.replace("\"jobs\": 2", "\"jobs\": 0"), "workload.jobs"),
            (
                OK.replace("\"jobs\": 2", "\"jobs\": 2, \"x\": 1"),
                "workload.x",
            ),
            (
                OK.replace("\"total_slams\": 3", "\"total_slams\": 9000000"),
                "workload.total_slams",
            ),
            (
                OK.replace(
                    "\"total_slams\": 3 }",
                    "\"total_slams\": 3 }, \"cost\": { \"library\": { \"execute_us\": -1 } }",
                ),
                "cost.library.execute_us",
            ),
        ];
        for (text, path) in cases {
            let e = spec(&text).unwrap_err();
            assert_eq!(e.path, path, "{e}");
        }
    }

    /// `_spin_count` left unset: 1 on one CPU, 2000 on several (Adams); a set value is kept.
    #[test]
    fn spin_count_defaults_by_cpu_count() {
        let with = |init: &str| {
            spec(&OK.replace(r#""cursor_sharing": "force""#, init))
                .unwrap()
                .0
                .spin_count
        };
        assert_eq!(with(r#""cpu_count": 1"#), 1);
        assert_eq!(with(r#""cpu_count": 4"#), 2000);
        assert_eq!(with(r#""cpu_count": 1, "_spin_count": 500"#), 500);
        assert_eq!(spec(OK).unwrap().0.spin_count, 1);
    }

    #[test]
    fn force_needs_8_1_6() {
        let e = spec(&OK.replace("8.1.6", "8.1.5")).unwrap_err();
        assert_eq!(e.path, "init.cursor_sharing");
        assert!(e.message.contains("8.1.6"));
        assert!(spec(&OK.replace("8.1.6", "8.1.5").replace("force", "EXACT")).is_ok());
    }

    #[test]
    fn buffer_cache_parameters_are_noted_not_refused() {
        let text = OK.replace("\"init\": {", "\"init\": { \"db_block_buffers\": 500,");
        let (_, notes) = spec(&text).unwrap();
        assert!(notes[0].contains("db_block_buffers"), "{notes:?}");
    }

    #[test]
    fn objects_are_refused() {
        let text = OK.replace(
            "\"workload\"",
            "\"objects\": [ { \"name\": \"T\", \"type\": \"TABLE\", \"blocks\": 5 } ], \"workload\"",
        );
        assert_eq!(spec(&text).unwrap_err().path, "objects");
    }

    /// Issue 44, item 4: `"policy": "bogus"` was taken without a word (a buffer cache
    /// scenario refuses it by field); a library cache scenario has no policy to choose.
    #[test]
    fn a_policy_is_refused_by_field() {
        for name in ["bogus", "lru"] {
            let text = OK.replace(
                "\"profile\"",
                &format!("\"policy\": \"{name}\", \"profile\""),
            );
            let e = spec(&text).unwrap_err();
            assert_eq!(e.path, "policy", "{e}");
            assert!(e.message.contains(&format!("'{name}'")), "{e}");
            assert!(e.message.contains("leave policy out"), "{e}");
        }
    }

    #[test]
    fn a_host_section_is_refused() {
        let text = OK.replace(
            "\"workload\"",
            "\"host\": { \"central_storage_mb\": 128 }, \"workload\"",
        );
        let e = spec(&text).unwrap_err();
        assert_eq!(e.path, "host");
        assert!(e.message.contains("buffer cache"), "{e}");
    }
}
