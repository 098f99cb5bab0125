//! The `script` workload: a seed's test script as one scenario. Each step is a statement as a
//! DBA types it in SQL*Plus, or a run of another workload:
//!
//! - `select /*+ full(c) */ count(*) from <table> c` — a serial full scan (hints `cache` and
//!   `nocache` act as on a `scan` workload);
//! - `alter session set events '10358 trace name context forever, level 4'` (or `… context
//!   off`), also `alter system set events …`;
//! - `alter system flush buffer_cache`;
//! - `alter table [owner.]<table> storage (buffer_pool keep|recycle|default)`;
//! - `alter session set "_serial_direct_read" = never` (and `_small_table_threshold`,
//!   `db_file_multiblock_read_count`), also `alter system set …`.
//!
//! Anything else is an error that names the step and says what the model understands.

use super::{push_scan, Access, Action, Control, Generator};
use crate::buffer::cache::config::PoolId;
use crate::error::{Result, SimError};
use crate::io::config::{event_level, parse_serial_direct_read, session_value};
use crate::profile::Profile;
use crate::scenario::segment::{find_segment, Segment};
use crate::scenario::workload::{ScriptStep, WorkloadSpec};

/// The most steps one script may have.
pub const MAX_STEPS: usize = 1000;

#[derive(Debug, Clone)]
enum Kind {
    Statement,
    Scan {
        seg: u32,
        blocks: u32,
        hint: Option<bool>,
    },
    Mbrc(u32),
    Run(Box<Generator>),
}

#[derive(Debug, Clone)]
struct Step {
    ctl: u16,
    kind: Kind,
}

/// The running script.
#[derive(Debug, Clone)]
pub struct Script {
    steps: Vec<Step>,
    controls: Vec<Control>,
    k: usize,
    started: bool,
    mbrc: u32,
}

fn err(path: &str, msg: impl Into<String>) -> SimError {
    SimError::new(path, msg)
}

const UNDERSTOOD: &str = "the model understands: select … from <table>; alter session set events \
     '<10358|10949> trace name context forever, level <n>' / '… context off'; alter system flush \
     buffer_cache; alter table <table> storage (buffer_pool <pool>); alter session set \
     \"_serial_direct_read\" | \"_small_table_threshold\" | db_file_multiblock_read_count = <value>";

/// Split into lower-case words, keeping quoted strings and parentheses apart.
fn words(sql: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for ch in sql.trim().trim_end_matches(';').chars() {
        match quote {
            Some(q) if ch == q => {
                cur.push(ch);
                out.push(std::mem::take(&mut cur));
                quote = None;
            }
            Some(_) => cur.push(ch),
            None if ch == '\'' || ch == '"' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                cur.push(ch);
                quote = Some(ch);
            }
            None if ch.is_whitespace() || ch == '(' || ch == ')' || ch == '=' || ch == ',' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                if !ch.is_whitespace() {
                    out.push(ch.to_string());
                }
            }
            None => cur.push(ch.to_ascii_lowercase()),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `owner.table` or `table` → the segment.
fn segment(segs: &[Segment], name: &str, path: &str) -> Result<u32> {
    let bare = name.rsplit('.').next().unwrap_or(name).trim_matches('"');
    find_segment(segs, bare, path)
}

/// The events string: `10358 trace name context forever, level 4` or `… context off`.
fn event_action(text: &str, path: &str) -> Result<Action> {
    let w = words(text.trim_matches('\''));
    let event: u32 = w.first().and_then(|e| e.parse().ok()).ok_or_else(|| {
        err(
            path,
            format!(
                "'{}': expected '<event> trace name context …'",
                crate::error::echo(text)
            ),
        )
    })?;
    let level = if w.iter().any(|x| x == "off") {
        0
    } else {
        let at = w.iter().position(|x| x == "level").ok_or_else(|| {
            err(
                path,
                format!(
                    "'{}': expected 'forever, level <n>' or 'off'",
                    crate::error::echo(text)
                ),
            )
        })?;
        w.get(at + 1)
            .and_then(|l| l.parse::<u64>().ok())
            .ok_or_else(|| {
                err(
                    path,
                    format!("'{}': the level is not a number", crate::error::echo(text)),
                )
            })?
    };
    let level =
        event_level(event, level).map_err(|e| err(path, format!("{}: {}", e.path, e.message)))?;
    Ok(Action::Event { event, level })
}

/// `alter session|system set <param> = <value>`.
fn param_action(name: &str, value: &str, profile: Profile, path: &str) -> Result<Action> {
    let name = name.trim_matches('"').to_ascii_lowercase();
    let raw = value.trim_matches('\'').trim_matches('"');
    let json = raw
        .parse::<u64>()
        .map(serde_json::Value::from)
        .unwrap_or_else(|_| serde_json::Value::from(raw));
    let init = session_value(&name, &json).map_err(|e| err(path, e.message))?;
    let wrap = |e: SimError| err(path, format!("{}: {}", e.path, e.message));
    Ok(match name.as_str() {
        "_serial_direct_read" => Action::SerialDirectRead(
            parse_serial_direct_read(profile, init.keyword(&name).map_err(wrap)?).map_err(wrap)?,
        ),
        "_small_table_threshold" => {
            Action::SmallTableThreshold(init.int(&name).map_err(wrap)?.unwrap_or(0) as u32)
        }
        "db_file_multiblock_read_count" => {
            Action::MultiblockReadCount(init.int(&name).map_err(wrap)?.unwrap_or(8) as u32)
        }
        other => {
            return Err(err(
                path,
                format!(
                    "{other} cannot change while the instance runs here; a script changes \
                     _serial_direct_read, _small_table_threshold and db_file_multiblock_read_count"
                ),
            ))
        }
    })
}

/// Parse one statement.
fn statement(sql: &str, segs: &[Segment], profile: Profile, path: &str) -> Result<(Action, Kind)> {
    let w = words(sql);
    let s: Vec<&str> = w.iter().map(String::as_str).collect();
    let unknown = || {
        err(
            path,
            format!(
                "'{}' is not a statement {UNDERSTOOD}",
                crate::error::echo(sql.trim())
            ),
        )
    };
    match s.as_slice() {
        ["select", rest @ ..] => {
            let from = rest.iter().position(|x| *x == "from").ok_or_else(unknown)?;
            let table = rest.get(from + 1).ok_or_else(unknown)?;
            let seg = segment(segs, table, path)?;
            let hints = rest[..from].join(" ");
            let hint = if hints.contains("nocache") {
                Some(false)
            } else if hints.contains("cache") {
                Some(true)
            } else {
                None
            };
            let blocks = segs[seg as usize].blocks;
            Ok((Action::Scan, Kind::Scan { seg, blocks, hint }))
        }
        ["alter", "session" | "system", "set", "events", rest @ ..] => {
            let text = rest.iter().find(|x| **x != "=").ok_or_else(unknown)?;
            Ok((event_action(text, path)?, Kind::Statement))
        }
        ["alter", "system", "flush", "buffer_cache"] => Ok((Action::Flush, Kind::Statement)),
        ["alter", "table", table, "storage", "(", "buffer_pool", pool, ")"] => {
            let seg = segment(segs, table, path)?;
            let pool = match *pool {
                "default" => PoolId::Default,
                "keep" => PoolId::Keep,
                "recycle" => PoolId::Recycle,
                other => {
                    return Err(err(
                        path,
                        format!("buffer_pool {other}: expected DEFAULT, KEEP or RECYCLE"),
                    ))
                }
            };
            Ok((Action::SetPool { seg, pool }, Kind::Statement))
        }
        ["alter", "session" | "system", "set", name, "=", value] => {
            let a = param_action(name, value, profile, path)?;
            let kind = match a {
                Action::MultiblockReadCount(n) => Kind::Mbrc(n),
                _ => Kind::Statement,
            };
            Ok((a, kind))
        }
        _ => Err(unknown()),
    }
}

/// How a `run` step's workload is built: `spec::build`, which builds scripts too, so the
/// caller hands it in and this file does not name spec.rs.
pub(super) type BuildRun = fn(&WorkloadSpec, &[Segment], u32, Profile, &str) -> Result<Generator>;

impl Script {
    pub(super) fn build(
        steps: &[ScriptStep],
        segs: &[Segment],
        mbrc: u32,
        profile: Profile,
        path: &str,
        build_run: BuildRun,
    ) -> Result<Script> {
        if steps.is_empty() || steps.len() > MAX_STEPS {
            return Err(err(
                &format!("{path}.steps"),
                format!("{} steps; a script has 1..={MAX_STEPS}", steps.len()),
            ));
        }
        let mut out = Vec::new();
        let mut controls = Vec::new();
        for (k, step) in steps.iter().enumerate() {
            let p = format!("{path}.steps[{k}]");
            let (action, kind, text) = match (&step.sql, &step.run) {
                (Some(sql), None) => {
                    let (a, kind) = statement(sql, segs, profile, &format!("{p}.sql"))?;
                    (a, kind, sql.trim().to_string())
                }
                (None, Some(w)) => {
                    if matches!(**w, WorkloadSpec::Script { .. }) {
                        return Err(err(
                            &format!("{p}.run.kind"),
                            "a script cannot run another script",
                        ));
                    }
                    let g = build_run(w, segs, mbrc, profile, &format!("{p}.run"))?;
                    (
                        Action::Run,
                        Kind::Run(Box::new(g)),
                        format!("run {}", w.kind_name()),
                    )
                }
                _ => {
                    return Err(err(
                        &p,
                        "a step has either \"sql\" or \"run\", not both or neither",
                    ))
                }
            };
            controls.push(Control {
                text: step.label.clone().unwrap_or(text),
                action,
            });
            out.push(Step {
                ctl: k as u16 + 1,
                kind,
            });
        }
        Ok(Script {
            steps: out,
            controls,
            k: 0,
            started: false,
            mbrc,
        })
    }

    pub fn controls(&self) -> &[Control] {
        &self.controls
    }

    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        while let Some(step) = self.steps.get_mut(self.k) {
            let mut mark = Access::read(0, 0, crate::buffer::cache::events::Op::Read);
            mark.ctl = step.ctl;
            match &mut step.kind {
                Kind::Statement => out.push(mark),
                Kind::Mbrc(n) => {
                    self.mbrc = *n;
                    out.push(mark);
                }
                Kind::Scan { seg, blocks, hint } => {
                    out.push(mark);
                    push_scan(out, *seg, *blocks, self.mbrc, *hint);
                }
                Kind::Run(g) => {
                    if !self.started {
                        out.push(mark);
                        self.started = true;
                    }
                    if g.next_exec(out) {
                        return true;
                    }
                    self.started = false;
                    self.k += 1;
                    if out.is_empty() {
                        continue;
                    }
                    return true;
                }
            }
            self.k += 1;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::segment::SegmentType;

    fn segs() -> Vec<Segment> {
        vec![Segment {
            name: "TABLE_DATA".into(),
            kind: SegmentType::Table,
            blocks: 300,
            buffer_pool: PoolId::Default,
            cache: false,
        }]
    }

    fn parse(sql: &str) -> Result<Action> {
        statement(sql, &segs(), Profile::V10_2_0_5, "s").map(|r| r.0)
    }

    #[test]
    fn the_seed_004_statements_parse() {
        assert_eq!(
            parse("alter session set events = '10358 trace name context forever, level 4';")
                .unwrap(),
            Action::Event {
                event: 10358,
                level: 4
            }
        );
        assert_eq!(
            parse("alter session set events '10358 trace name context off'").unwrap(),
            Action::Event {
                event: 10358,
                level: 0
            }
        );
        assert_eq!(
            parse("alter system flush buffer_cache").unwrap(),
            Action::Flush
        );
        assert_eq!(
            parse("alter table testuser.TABLE_DATA storage (buffer_pool keep)").unwrap(),
            Action::SetPool {
                seg: 0,
                pool: PoolId::Keep
            }
        );
        assert_eq!(
            parse("select /*+FULL(c)*/ count(*) from testuser.TABLE_DATA c").unwrap(),
            Action::Scan
        );
        assert_eq!(
            parse("alter session set \"_serial_direct_read\" = false").unwrap(),
            Action::SerialDirectRead(crate::io::SerialDirectRead::Never)
        );
    }

    #[test]
    fn bad_statements_name_the_step_and_the_limit() {
        let e = parse("drop table x").unwrap_err();
        assert!(e.message.contains("the model understands"), "{e}");
        let e = parse("alter session set events '10358 trace name context forever, level 3'")
            .unwrap_err();
        assert!(
            e.message.contains("event_10358") && e.message.contains("0 and 4"),
            "{e}"
        );
        let e = parse("alter session set \"_serial_direct_read\" = auto").unwrap_err();
        assert!(e.message.contains("11.2.0.2"), "{e}");
        let e = parse("alter system set db_cache_size = 100").unwrap_err();
        assert!(e.message.contains("cannot change"), "{e}");
        let e = parse("select * from nope").unwrap_err();
        assert!(e.message.contains("no object named"), "{e}");
    }

    #[test]
    fn a_script_marks_each_step_before_its_accesses() {
        let steps: Vec<ScriptStep> = serde_json::from_str(
            r#"[{"sql": "alter system flush buffer_cache"},
                {"sql": "select count(*) from table_data", "label": "scan"}]"#,
        )
        .unwrap();
        let build = super::super::spec::build;
        let mut s = Script::build(&steps, &segs(), 128, Profile::V10_2_0_5, "w", build).unwrap();
        let mut out = Vec::new();
        assert!(s.next_exec(&mut out));
        assert_eq!((out.len(), out[0].ctl), (1, 1));
        out.clear();
        assert!(s.next_exec(&mut out));
        assert_eq!((out.len(), out[0].ctl, out[1].scan_start), (301, 2, true));
        assert_eq!(out.iter().filter(|a| a.io_start).count(), 3);
        out.clear();
        assert!(!s.next_exec(&mut out));
        assert_eq!(s.controls()[1].text, "scan");
    }
}
