//! Where a buffer cache miss goes. Today: the disk, one `cost.physical_read_ms` per read
//! request, a multiblock request charged once, on the first block it has to read. The next
//! layers (the OS page cache, direct reads) plug in here, under the replacement rules.

/// The I/O layer under one buffer cache.
#[derive(Debug, Clone)]
pub struct Io {
    /// What one read request costs, nanoseconds.
    physical_read_ns: u64,
    /// Multiblock requests started so far, and the one whose I/O was last charged.
    requests: u64,
    charged: u64,
}

impl Io {
    pub fn new(physical_read_ns: u64) -> Io {
        Io {
            physical_read_ns,
            requests: 0,
            charged: 0,
        }
    }

    /// A new read request begins (the first access of a multiblock read).
    #[inline]
    pub fn start_request(&mut self) {
        self.requests += 1;
    }

    /// Read one block for a miss: the nanoseconds it costs, or `None` when it rides on a
    /// multiblock request already charged.
    #[inline]
    pub fn read(&mut self, multiblock: bool) -> Option<u64> {
        if multiblock && self.requests == self.charged {
            return None;
        }
        self.charged = self.requests;
        Some(self.physical_read_ns)
    }
}
