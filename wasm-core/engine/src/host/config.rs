//! The `host` section of a scenario (docs/model.md §3, seed 002; the document's type is
//! `scenario::host::HostSpec`), checked: the machine's memory under the instance, and the CPU
//! path length of an I/O. Without it memory is unlimited and nothing pages. Oracle's own
//! switches (`lock_sga`, `pre_page_sga`) are init.ora parameters.

use crate::error::{Result, SimError};
pub use crate::scenario::host::HostSpec;

/// The most host pages the model keeps (about 13 bytes each, with their snapshots).
pub const MAX_HOST_PAGES: u64 = 1 << 22;

/// The most host page references a run may make for the sessions' PGA and the other address
/// spaces (every transaction references all of its session's PGA; the other address spaces
/// all their pages every `other_cycle_s`). Each is a step of the OS's LRU (`memory::touch`), so
/// these references are the run's cost beside its accesses. Measured in the wasm (issue 44, CPU
/// time of `npm run -s sim`): 14 ns a reference on seed002-mvs-75000 with its PGA raised
/// tenfold (5,120 KB: 1.3·10^8 references, 1.8 s of CPU over the run's own 0.9 s), 27 ns when
/// every reference pages (1,000 MB of other address spaces in 128 MB, `other_cycle_s` 1 µs:
/// 10^9 references in 26.7 s), so the limit is 7 to 14 s of paging, the order of a run of the
/// most accesses a scenario may ask for. The seed's own 512 KB makes 1.3·10^7 references, the
/// issue's 512,000 KB 1.3·10^10 (an hour or more).
pub const MAX_PAGE_REFERENCES: u64 = 500_000_000;

/// The host in pages and nanoseconds, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostConfig {
    pub page_bytes: u64,
    pub central_pages: u64,
    pub expanded_pages: u64,
    /// None: unlimited.
    pub aux_pages: Option<u64>,
    pub page_in_ns: u64,
    pub sga_other_pages: u64,
    pub pga_pages: u64,
    pub other_pages: u64,
    pub other_cycle_ns: u64,
    pub io_cpu_ns: u64,
}

fn mb(path: &str, v: f64, max: f64) -> Result<f64> {
    if !v.is_finite() || v < 0.0 || v > max {
        return Err(SimError::new(
            format!("host.{path}"),
            format!("{v} is outside 0..={max}"),
        ));
    }
    Ok(v)
}

impl HostSpec {
    /// Check every field and turn sizes into pages (rounded up: a part page is a page).
    pub fn resolve(&self) -> Result<HostConfig> {
        if !matches!(self.page_size_kb, 1 | 2 | 4 | 8 | 16 | 32 | 64) {
            return Err(SimError::new(
                "host.page_size_kb",
                format!(
                    "{} is not a page size the model takes (1, 2, 4, 8, 16, 32 or 64)",
                    self.page_size_kb
                ),
            ));
        }
        let page = self.page_size_kb as u64 * 1024;
        let pages = |path: &str, v: f64, unit: f64| -> Result<u64> {
            let bytes = v * unit;
            let n = (bytes / page as f64).ceil() as u64;
            if n > MAX_HOST_PAGES {
                return Err(SimError::new(
                    format!("host.{path}"),
                    format!(
                        "{v} is {n} pages of {} KB; the model holds at most {MAX_HOST_PAGES}",
                        self.page_size_kb
                    ),
                ));
            }
            Ok(n)
        };
        let central = mb("central_storage_mb", self.central_storage_mb, 1e6)?;
        if central < 1.0 {
            return Err(SimError::new(
                "host.central_storage_mb",
                format!("{central} is below 1 MB: a host needs some real memory"),
            ));
        }
        let aux = match self.auxiliary_storage_mb {
            Some(v) => Some(pages(
                "auxiliary_storage_mb",
                mb("auxiliary_storage_mb", v, 1e7)?,
                1_048_576.0,
            )?),
            None => None,
        };
        Ok(HostConfig {
            page_bytes: page,
            central_pages: pages("central_storage_mb", central, 1_048_576.0)?,
            expanded_pages: pages(
                "expanded_storage_mb",
                mb("expanded_storage_mb", self.expanded_storage_mb, 1e6)?,
                1_048_576.0,
            )?,
            aux_pages: aux,
            page_in_ns: (mb("page_in_us", self.page_in_us, 1e6)? * 1e3).round() as u64,
            sga_other_pages: pages(
                "sga_other_mb",
                mb("sga_other_mb", self.sga_other_mb, 1e6)?,
                1_048_576.0,
            )?,
            pga_pages: pages("pga_kb", mb("pga_kb", self.pga_kb, 1e7)?, 1024.0)?,
            other_pages: pages("other_mb", mb("other_mb", self.other_mb, 1e6)?, 1_048_576.0)?,
            other_cycle_ns: (mb("other_cycle_s", self.other_cycle_s, 1e6)? * 1e9).round() as u64,
            io_cpu_ns: (mb("io_cpu_us", self.io_cpu_us, 1e6)? * 1e3).round() as u64,
        })
    }
}
