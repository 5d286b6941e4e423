//! What the fuzz tests share: the panic count of the test binary, and the case count and seed
//! that `CHIMERA_FUZZ_CASES` and `CHIMERA_FUZZ_SEED` set.

use rand::rngs::StdRng;
use rand::SeedableRng;

/// Panics so far on any thread of this test binary (the engines catch a search thread's panic
/// and go on, so only a hook sees it). The hook is installed by the first call.
pub fn panics() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static PANICS: AtomicUsize = AtomicUsize::new(0);
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            previous(info);
        }));
    });
    PANICS.load(Ordering::SeqCst)
}

/// The number in environment variable `name`, else `default`.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The test's own seed, mixed with `CHIMERA_FUZZ_SEED` when that is set.
pub fn seeded_rng(own: u64) -> StdRng {
    let extra: u64 = env_number("CHIMERA_FUZZ_SEED", 0);
    StdRng::seed_from_u64(own ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// How many cases each fuzz target runs: `CHIMERA_FUZZ_CASES`, else 2,000.
pub fn cases() -> usize {
    env_number("CHIMERA_FUZZ_CASES", 2_000)
}
