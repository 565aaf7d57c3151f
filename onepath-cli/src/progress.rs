//! The progress bar on stderr (hidden when stderr is not a terminal, or with `--quiet`).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar over `total` scenarios.
pub fn bar(total: u64, message: &str, quiet: bool) -> ProgressBar {
    let target = if quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    if let Ok(style) = ProgressStyle::with_template(
        "{msg:>10} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta})",
    ) {
        bar.set_style(style);
    }
    bar.set_message(message.to_owned());
    bar
}
