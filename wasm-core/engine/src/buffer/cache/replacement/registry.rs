//! The registry of replacement policies, one line each (`policies!` at the end), and the two
//! ways the cache's rules call a policy ([`Policy`]): through the [`Replacer`] enum, which
//! matches on every call (a step of the page, anything recorded), or as the policy's own type,
//! chosen once by [`Replacer::visitor`] with the rules monomorphised for it (a trace's replay,
//! issue 42: the enum's ten-way dispatch several times a miss was most of what the policies
//! other than LRU paid over LRU's old short path).

use super::lists::{Buffers, WorkingSet};
use super::PolicyState;
use super::{
    arc, clock, fifo, lirs, lru, opt, s3_fifo, sieve, touch_count, two_q, Cx, PolicyInfo,
    RegionDef, Replacement, Setup, Verdict,
};
use crate::buffer::cache::events::{Place, Touch};

/// A replacement policy as the cache's rules call it: a registered policy itself (the rules
/// monomorphised for it) or the cache's [`Replacer`], which dispatches each call to its policy.
/// The methods are [`Replacement`]'s.
pub trait Policy {
    /// The policy may let buffers go outside the victim scan ([`Replacement::DROPS`]).
    const DROPS: bool;
    /// This policy in the cache's `repl`: the enum itself, or the variant that holds it (the
    /// caller chose `Self` by that variant, [`Replacer::visitor`]).
    fn of(repl: &mut Replacer) -> &mut Self;
    fn hit(&mut self, cx: &mut Cx, i: u32, relink: bool) -> Touch;
    fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place;
    fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict;
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32;
    fn scan_next(&self, b: &Buffers, ws: &WorkingSet, i: u32) -> u32;
    fn written(&mut self, cx: &mut Cx, i: u32);
    fn miss(&mut self, cx: &mut Cx, dba: u32);
    fn dropped(&mut self) -> Option<u32>;
    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool);
}

/// A registered policy: the [`Replacer`] variant that holds it (written by `policies!`).
pub trait Registered: Replacement {
    fn variant(repl: &mut Replacer) -> &mut Self;
}

impl<T: Registered> Policy for T {
    const DROPS: bool = <T as Replacement>::DROPS;

    #[inline(always)]
    fn of(repl: &mut Replacer) -> &mut Self {
        T::variant(repl)
    }
    #[inline(always)]
    fn hit(&mut self, cx: &mut Cx, i: u32, relink: bool) -> Touch {
        Replacement::hit(self, cx, i, relink)
    }
    #[inline(always)]
    fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place {
        Replacement::insert(self, cx, i, to_tail)
    }
    #[inline(always)]
    fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
        Replacement::judge(self, cx, i)
    }
    #[inline(always)]
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        Replacement::scan_start(self, b, ws)
    }
    #[inline(always)]
    fn scan_next(&self, b: &Buffers, ws: &WorkingSet, i: u32) -> u32 {
        Replacement::scan_next(self, b, ws, i)
    }
    #[inline(always)]
    fn written(&mut self, cx: &mut Cx, i: u32) {
        Replacement::written(self, cx, i)
    }
    #[inline(always)]
    fn miss(&mut self, cx: &mut Cx, dba: u32) {
        Replacement::miss(self, cx, dba)
    }
    #[inline(always)]
    fn dropped(&mut self) -> Option<u32> {
        Replacement::dropped(self)
    }
    #[inline(always)]
    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
        Replacement::unlink(self, cx, i, evicted)
    }
}

/// What to do with the cache's policy as its own type ([`Replacer::visitor`]): a generic
/// closure, which Rust spells as a trait.
pub trait Visit {
    type Out;
    fn visit<P: Policy>(self) -> Self::Out;
}

/// The registry: `module::Type` of every policy, one line each. It builds the [`Replacer`]
/// enum that dispatches to them (no virtual call), each policy's [`Registered`] (its variant)
/// and [`Replacer::visitor`]; each policy's module is declared on its own line in `mod.rs`,
/// where `cargo fmt` sees it.
macro_rules! policies {
    ($($module:ident :: $ty:ident),* $(,)?) => {
        /// The replacement policy of a cache: one variant per registered policy.
        #[derive(Debug, Clone)]
        pub enum Replacer {
            $($ty($module::$ty),)*
        }

        /// Every registered policy's name, in registry order.
        pub const NAMES: &[&str] = &[$(<$module::$ty as Replacement>::NAME,)*];

        /// Every registered policy's words, in registry order.
        pub const POLICIES: &[PolicyInfo] = &[$(PolicyInfo {
            name: <$module::$ty as Replacement>::NAME,
            label: <$module::$ty as Replacement>::LABEL,
            line: <$module::$ty as Replacement>::LINE,
            libcachesim: <$module::$ty as Replacement>::LIBCACHESIM,
        },)*];

        $(impl Registered for $module::$ty {
            #[inline(always)]
            fn variant(repl: &mut Replacer) -> &mut Self {
                match repl {
                    Replacer::$ty(p) => p,
                    _ => unreachable!("the cache's policy is not {}", Self::NAME),
                }
            }
        })*

        /// Every call dispatched to the cache's policy: the page's steps and whatever is not
        /// a trace's plain read.
        impl Policy for Replacer {
            const DROPS: bool = true;

            #[inline(always)]
            fn of(repl: &mut Replacer) -> &mut Self {
                repl
            }

            #[inline(always)]
            fn hit(&mut self, cx: &mut Cx, i: u32, relink: bool) -> Touch {
                match self { $(Replacer::$ty(p) => Replacement::hit(p, cx, i, relink),)* }
            }

            #[inline(always)]
            fn insert(&mut self, cx: &mut Cx, i: u32, to_tail: bool) -> Place {
                match self { $(Replacer::$ty(p) => Replacement::insert(p, cx, i, to_tail),)* }
            }

            #[inline(always)]
            fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
                match self { $(Replacer::$ty(p) => Replacement::judge(p, cx, i),)* }
            }

            #[inline(always)]
            fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
                match self { $(Replacer::$ty(p) => Replacement::scan_start(p, b, ws),)* }
            }

            #[inline(always)]
            fn scan_next(&self, b: &Buffers, ws: &WorkingSet, i: u32) -> u32 {
                match self { $(Replacer::$ty(p) => Replacement::scan_next(p, b, ws, i),)* }
            }

            #[inline]
            fn written(&mut self, cx: &mut Cx, i: u32) {
                match self { $(Replacer::$ty(p) => Replacement::written(p, cx, i),)* }
            }

            #[inline(always)]
            fn miss(&mut self, cx: &mut Cx, dba: u32) {
                match self { $(Replacer::$ty(p) => Replacement::miss(p, cx, dba),)* }
            }

            #[inline(always)]
            fn dropped(&mut self) -> Option<u32> {
                match self { $(Replacer::$ty(p) => Replacement::dropped(p),)* }
            }

            #[inline(always)]
            fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
                match self { $(Replacer::$ty(p) => Replacement::unlink(p, cx, i, evicted),)* }
            }
        }

        impl Replacer {
            /// [`Visit::visit`] with this policy as its own type: the one match of a run (or
            /// of a trace's chunk), the rules under it monomorphised for the policy. A function
            /// is returned, not called, so that the visitor may hold the cache that holds
            /// `self`. (The wasm build's is below the registry.)
            #[cfg(not(target_arch = "wasm32"))]
            pub fn visitor<V: Visit>(&self) -> fn(V) -> V::Out {
                match self { $(Replacer::$ty(_) => V::visit::<$module::$ty>,)* }
            }

            /// The policy registered as `name`, or None.
            pub fn build(name: &str, setup: &Setup) -> Option<Replacer> {
                $(if name == <$module::$ty as Replacement>::NAME {
                    return Some(Replacer::$ty(<$module::$ty as Replacement>::new(setup)));
                })*
                None
            }

            pub fn name(&self) -> &'static str {
                match self { $(Replacer::$ty(_) => <$module::$ty as Replacement>::NAME,)* }
            }

            pub fn lru_stack(&self) -> bool {
                match self { $(Replacer::$ty(_) => <$module::$ty as Replacement>::LRU_STACK,)* }
            }

            #[inline]
            pub fn touch_counts(&self) -> bool {
                match self { $(Replacer::$ty(_) => <$module::$ty as Replacement>::TOUCH_COUNTS,)* }
            }

            pub fn regions(&self) -> &'static [RegionDef] {
                match self { $(Replacer::$ty(p) => p.regions(),)* }
            }

            pub fn region_lengths(&self, ws: &WorkingSet, out: &mut Vec<u32>) {
                match self { $(Replacer::$ty(p) => p.region_lengths(ws, out),)* }
            }

            pub fn region_limits(&self, ws: &WorkingSet) -> Vec<Option<u32>> {
                match self { $(Replacer::$ty(p) => p.region_limits(ws),)* }
            }

            pub fn region_of(&self, b: &Buffers, i: u32) -> usize {
                match self { $(Replacer::$ty(p) => p.region_of(b, i),)* }
            }

            pub fn state(&self, b: &Buffers, ws: &WorkingSet, set: u32) -> PolicyState {
                match self { $(Replacer::$ty(p) => p.state(b, ws, set),)* }
            }
        }
    };
}

policies! {
    lru::Lru,
    touch_count::TouchCount,
    fifo::Fifo,
    clock::Clock,
    sieve::Sieve,
    s3_fifo::S3Fifo,
    opt::Opt,
    two_q::TwoQ,
    arc::Arc,
    lirs::Lirs,
}

impl Replacer {
    /// The policy registered as `name` (the scenario's, checked by `Instance::build`, or the
    /// one a profile's row names).
    pub fn of(name: &str, setup: &Setup) -> Replacer {
        Replacer::build(name, setup).unwrap_or_else(|| {
            panic!(
                "replacement policy '{name}' (profile {}) is not registered",
                setup.traits.profile.name()
            )
        })
    }
}

/// What a cache's policy needs to run OPT: its future given, the first run's stream taken, and
/// both kept across a buffer-cache flush.
impl Replacer {
    pub fn opt(&self) -> Option<&opt::Opt> {
        match self {
            Replacer::Opt(o) => Some(o),
            _ => None,
        }
    }

    pub fn opt_mut(&mut self) -> Option<&mut opt::Opt> {
        match self {
            Replacer::Opt(o) => Some(o),
            _ => None,
        }
    }

    /// Replace the policy by `fresh` (a buffer-cache flush frees every buffer), keeping what
    /// outlives the buffers: OPT's future, its count of references and its record.
    pub fn renew(&mut self, fresh: Replacer) {
        let old = std::mem::replace(self, fresh);
        if let (Replacer::Opt(new), Replacer::Opt(old)) = (self, old) {
            new.inherit(old);
        }
    }
}

/// The wasm build's [`Replacer::visitor`]: Oracle's own two policies (profile 8.0's LRU, 8i's
/// touch count: the page's default replay of a dropped trace, issue 42 item 6) as their own
/// type, the others as the [`Replacer`], which dispatches each call (the run's facts still
/// settled once a chunk). Each monomorphised policy adds about 12 KB to the module, which
/// every visitor's first screen pays for: all ten took it from 998,654 to 1,118,743 bytes
/// (+33.5 KB gzipped), while a replay of a textbook policy in the page is rare. Natively all
/// ten are monomorphised.
#[cfg(target_arch = "wasm32")]
impl Replacer {
    pub fn visitor<V: Visit>(&self) -> fn(V) -> V::Out {
        match self {
            Replacer::Lru(_) => V::visit::<lru::Lru>,
            Replacer::TouchCount(_) => V::visit::<touch_count::TouchCount>,
            _ => V::visit::<Replacer>,
        }
    }
}
