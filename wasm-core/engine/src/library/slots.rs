//! Slot reuse for the arenas the library cache keeps (heap chunks, cached objects): a freed
//! index goes on a spare list and the next allocation takes it before the arena grows.

/// Put `x` in a spare slot of `v` if there is one, else at its end; returns its index.
pub(crate) fn put<T>(v: &mut Vec<T>, spare: &mut Vec<u32>, x: T) -> u32 {
    if let Some(i) = spare.pop() {
        v[i as usize] = x;
        i
    } else {
        v.push(x);
        v.len() as u32 - 1
    }
}
