//! The I/O path's settings, resolved from init.ora under a profile: how serial full scans
//! decide between the cache and direct path reads, and whether reads go through an OS page
//! cache (docs/model.md §1.7 "Full scans, direct path reads and the OS page cache").

use crate::error::{Result, SimError};
use crate::init_ora::InitOra;
use crate::profile::{DirectReads, Profile};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// The most pages the OS page cache may hold: about 40 bytes each in wasm memory, with room
/// for its snapshots under the browser's limits.
pub const MAX_OS_PAGES: u64 = 1 << 22;

/// `_serial_direct_read`: AUTO decides per scan; NEVER (or FALSE) reads every scan through the
/// cache; ALWAYS (or TRUE) reads every serial full scan direct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export, export_to = "buffer/")]
pub enum SerialDirectRead {
    Auto,
    Never,
    Always,
}

/// The I/O settings of one instance. Session-level statements of a script (`alter session
/// set events`, `alter session set "_serial_direct_read"`) change them while it runs.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "buffer/")]
pub struct IoConfig {
    pub profile: Profile,
    pub serial_direct_read: SerialDirectRead,
    /// Level of event 10358 (10.2.0.5: level 4 enables serial direct reads, bug 8332368).
    pub event_10358: u32,
    /// Level of event 10949 (11g: level 1 disables serial direct reads).
    pub event_10949: u32,
    /// `_small_table_threshold` for the direct-read decision: 2 % of the DEFAULT cache, at
    /// least 20 blocks, unless set.
    pub small_table_threshold: u32,
    /// Buffers of the KEEP pool (0 without one): the KEEP-pool rules compare with it.
    pub keep_buffers: u32,
    pub db_block_size: u32,
    /// `filesystemio_options`: NONE, ASYNCH, DIRECTIO or SETALL.
    pub filesystemio_options: &'static str,
    /// Blocks the OS page cache holds: 0 when I/O is direct (SETALL, DIRECTIO) or no
    /// `host_memory` is given.
    #[ts(type = "number")]
    pub os_cache_blocks: u64,
    /// `host_memory` in bytes (0 when not given).
    #[ts(type = "number")]
    pub host_memory: u64,
}

/// The serial-direct-read parameter and the two events: which values each profile takes.
fn serial_direct_read(profile: Profile, init: &InitOra) -> Result<SerialDirectRead> {
    parse_serial_direct_read(profile, init.keyword("_serial_direct_read")?)
}

/// `_serial_direct_read` as a profile takes it: TRUE/FALSE everywhere, AUTO/NEVER/ALWAYS from
/// 11.2.0.2 (docs/model.md's profile table).
pub fn parse_serial_direct_read(profile: Profile, word: Option<&str>) -> Result<SerialDirectRead> {
    Ok(match word {
        None => SerialDirectRead::Auto,
        Some("TRUE") => SerialDirectRead::Always,
        Some("FALSE") => SerialDirectRead::Never,
        Some(w) if !profile.traits().serial_direct_read_keywords => {
            let first = Profile::first_with(|t| t.serial_direct_read_keywords)
                .map_or("a later version", |p| p.name());
            return Err(SimError::param(
                "_serial_direct_read",
                format!(
                    "{w} is an {first} value; profile {} takes TRUE or FALSE",
                    profile.name()
                ),
            ));
        }
        Some("AUTO") => SerialDirectRead::Auto,
        Some("NEVER") => SerialDirectRead::Never,
        Some(_) => SerialDirectRead::Always,
    })
}

/// Check an event level: event 10358 knows levels 0 and 4, event 10949 levels 0 and 1.
pub fn event_level(event: u32, level: u64) -> Result<u32> {
    let (name, ok): (&str, &[u64]) = match event {
        10358 => ("event_10358", &[0, 4]),
        10949 => ("event_10949", &[0, 1]),
        _ => {
            return Err(SimError::new(
                "events",
                format!("event {event} is not one the model knows (10358, 10949)"),
            ))
        }
    };
    if !ok.contains(&level) {
        return Err(SimError::param(
            name,
            format!(
                "level {level}: the model knows level{} {}",
                if ok.len() > 1 { "s" } else { "" },
                ok.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        ));
    }
    Ok(level as u32)
}

/// The buffer cache's sizes the I/O path reads (the buffer cache's configuration gives them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheSizes {
    /// Buffers of the DEFAULT pool: `_small_table_threshold` defaults to 2 % of them.
    pub default_buffers: u32,
    pub keep_buffers: u32,
    /// Buffers of every pool: with the shared pool, the SGA that `host_memory` must hold.
    pub total_buffers: u32,
    pub db_block_size: u32,
}

impl IoConfig {
    pub fn resolve(profile: Profile, init: &InitOra, cache: CacheSizes) -> Result<IoConfig> {
        let default_buffers = cache.default_buffers;
        let small_table_threshold = match init.int("_small_table_threshold")? {
            Some(t) => t as u32,
            // "2 % of the buffer cache or 20 blocks, whichever is bigger" (Roger MacNicol,
            // "When bloggers get it wrong", part 1); seed 004: 2 % of 385,024 = 7,700.
            None => (default_buffers / 50).max(20),
        };
        let fs = init.keyword("filesystemio_options")?.unwrap_or("NONE");
        let buffered = !matches!(fs, "SETALL" | "DIRECTIO");
        let host_memory = init.int("host_memory")?.unwrap_or(0);
        let sga = cache.total_buffers as u64 * cache.db_block_size as u64
            + init.int("shared_pool_size")?.unwrap_or(0);
        if host_memory > 0 && host_memory <= sga {
            return Err(SimError::param(
                "host_memory",
                format!(
                    "{host_memory} bytes do not hold the SGA ({sga} bytes of buffers and shared pool); give more than {sga}"
                ),
            ));
        }
        let os_cache_blocks = if buffered && host_memory > 0 {
            (host_memory - sga) / cache.db_block_size as u64
        } else {
            0
        };
        if os_cache_blocks > MAX_OS_PAGES {
            return Err(SimError::param(
                "host_memory",
                format!(
                    "leaves an OS page cache of {os_cache_blocks} blocks; the model holds at most \
                     {MAX_OS_PAGES} (give less host_memory, or scale the scenario down)"
                ),
            ));
        }
        Ok(IoConfig {
            profile,
            serial_direct_read: serial_direct_read(profile, init)?,
            event_10358: event_level(10358, init.int("event_10358")?.unwrap_or(0))?,
            event_10949: event_level(10949, init.int("event_10949")?.unwrap_or(0))?,
            small_table_threshold,
            keep_buffers: cache.keep_buffers,
            db_block_size: cache.db_block_size,
            filesystemio_options: fs,
            os_cache_blocks,
            host_memory,
        })
    }

    /// Reads go through an OS page cache.
    pub fn buffered(&self) -> bool {
        self.os_cache_blocks > 0
    }

    /// Notes for the run about parameters the profile ignores.
    pub fn notes(&self, init: &InitOra) -> Vec<String> {
        let mut notes = Vec::new();
        let direct_reads = self.profile.traits().direct_reads;
        if self.event_10358 != 0 && direct_reads != DirectReads::Event10358 {
            notes.push(format!(
                "event 10358 is 10.2.0.5's switch for serial direct reads; profile {} ignores it",
                self.profile.name()
            ));
        }
        if self.event_10949 != 0 && direct_reads != DirectReads::OffWithEvent10949 {
            notes.push(format!(
                "event 10949 is 11g's switch for serial direct reads; profile {} ignores it",
                self.profile.name()
            ));
        }
        if init.is_set("filesystemio_options")
            && !matches!(self.filesystemio_options, "SETALL" | "DIRECTIO")
            && self.host_memory == 0
        {
            notes.push(
                "no host_memory given: the model puts no OS page cache under the buffer cache, so every miss reads the disk"
                    .into(),
            );
        }
        notes
    }
}

/// One parameter a script may change while the instance runs, checked as init.ora would.
pub fn session_value(name: &str, value: &Value) -> Result<InitOra> {
    let mut m = serde_json::Map::new();
    m.insert(name.to_string(), value.clone());
    InitOra::new(&m)
}
