//! The frame-rate benchmark (`--frames N`): after a warm-up it times N frames, prints the
//! mean and median frame time, the processor time the app spent a frame, and how much of
//! the machine a hypervisor took meanwhile (on a shared virtual machine the wall-clock
//! figures swing with it), then exits (or, for a picture, lets it be taken).

use bevy::prelude::*;

/// Frames to skip before measuring (pipelines compile on the first frames).
const WARM_UP_FRAMES: u32 = 30;

/// The benchmark's state: frames still to measure and what was measured so far.
#[derive(Resource, Debug, Clone)]
pub(crate) struct FrameProbe {
    warm_up: u32,
    left: u32,
    frame_ms: Vec<f64>,
    start: Option<Counters>,
    exit_when_done: bool,
    /// Whether every frame has been measured.
    pub done: bool,
}

impl FrameProbe {
    /// Measures `frames` frames (at least one) after the warm-up, then exits the app if
    /// `exit_when_done`.
    pub(crate) fn new(frames: u32, exit_when_done: bool) -> FrameProbe {
        FrameProbe {
            warm_up: WARM_UP_FRAMES,
            left: frames.max(1),
            frame_ms: Vec::new(),
            start: None,
            exit_when_done,
            done: false,
        }
    }
}

/// Adds the benchmark to `app`: `frames` frames are measured, then the app exits if
/// `exit_when_done`.
pub(crate) fn plugin(frames: u32, exit_when_done: bool) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(FrameProbe::new(frames, exit_when_done))
            .add_systems(Update, measure_frames);
    }
}

/// Processor time counters read from `/proc` (Linux), in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counters {
    /// This process's user and system time.
    process: u64,
    /// All processors' time, and the part a hypervisor stole.
    total: u64,
    steal: u64,
}

/// Clock ticks a second in `/proc` (USER_HZ, 100 on every Linux architecture Tabula runs on).
const TICKS_PER_SECOND: f64 = 100.0;

impl Counters {
    fn read() -> Option<Counters> {
        let own = std::fs::read_to_string("/proc/self/stat").ok()?;
        let all = std::fs::read_to_string("/proc/stat").ok()?;
        Counters::parse(&own, &all)
    }

    /// Reads the counters from the text of `/proc/self/stat` and `/proc/stat`.
    fn parse(own: &str, all: &str) -> Option<Counters> {
        // After the command name (in parentheses, which may hold spaces) come the state
        // (field 3) and the rest; utime and stime are fields 14 and 15.
        let rest = own.rsplit_once(')')?.1;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let utime: u64 = fields.get(11)?.parse().ok()?;
        let stime: u64 = fields.get(12)?.parse().ok()?;
        let cpu = all.lines().find(|l| l.starts_with("cpu "))?;
        let times: Vec<u64> = cpu
            .split_whitespace()
            .skip(1)
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        // user nice system idle iowait irq softirq steal (guest time is inside user).
        let total = times.iter().take(8).sum();
        Some(Counters {
            process: utime + stime,
            total,
            steal: *times.get(7).unwrap_or(&0),
        })
    }
}

/// What the benchmark found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Report {
    /// Frames measured.
    pub frames: usize,
    /// Mean frame time, in milliseconds.
    pub mean_ms: f64,
    /// Median frame time, in milliseconds.
    pub median_ms: f64,
    /// Processor time the app spent a frame, on all its threads, in milliseconds.
    pub cpu_ms: Option<f64>,
    /// The share of all processors' time a hypervisor stole meanwhile, in percent.
    pub stolen_percent: Option<f64>,
}

impl Report {
    fn new(frame_ms: &[f64], start: Option<Counters>, end: Option<Counters>) -> Report {
        let frames = frame_ms.len();
        let mean_ms = frame_ms.iter().sum::<f64>() / frames.max(1) as f64;
        let mut sorted = frame_ms.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median_ms = match frames {
            0 => 0.0,
            n if n % 2 == 1 => sorted[n / 2],
            n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
        };
        let (cpu_ms, stolen_percent) = match (start, end) {
            (Some(a), Some(b)) if frames > 0 => {
                let process = b.process.saturating_sub(a.process) as f64;
                let total = b.total.saturating_sub(a.total) as f64;
                let steal = b.steal.saturating_sub(a.steal) as f64;
                (
                    Some(process / TICKS_PER_SECOND * 1000.0 / frames as f64),
                    (total > 0.0).then(|| steal / total * 100.0),
                )
            }
            _ => (None, None),
        };
        Report {
            frames,
            mean_ms,
            median_ms,
            cpu_ms,
            stolen_percent,
        }
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} frames, mean frame time {:.1} ms ({:.1} frames per second), median {:.1} ms",
            self.frames,
            self.mean_ms,
            1000.0 / self.mean_ms.max(1e-9),
            self.median_ms
        )?;
        if let Some(cpu) = self.cpu_ms {
            write!(f, "; processor time {cpu:.0} ms a frame")?;
        }
        if let Some(stolen) = self.stolen_percent {
            write!(f, "; hypervisor steal {stolen:.0}%")?;
        }
        Ok(())
    }
}

/// Seconds since this process started, from `/proc` (Linux), to a hundredth of a second.
fn process_age() -> Option<f64> {
    let own = std::fs::read_to_string("/proc/self/stat").ok()?;
    let uptime = std::fs::read_to_string("/proc/uptime").ok()?;
    // starttime, field 22: clock ticks after boot.
    let start: f64 = own
        .rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(19)?
        .parse()
        .ok()?;
    let now: f64 = uptime.split_whitespace().next()?.parse().ok()?;
    Some(now - start / TICKS_PER_SECOND)
}

/// What the cameras draw now: meshes in view and their triangles.
fn scene_load(meshes: &Assets<Mesh>, drawn: &Query<(&Mesh3d, &ViewVisibility)>) -> (usize, usize) {
    drawn
        .iter()
        .filter(|(_, visible)| visible.get())
        .fold((0, 0), |(n, triangles), (mesh, _)| {
            let t = meshes.get(&mesh.0).map_or(0, |m| {
                m.indices().map_or(m.count_vertices(), |i| i.len()) / 3
            });
            (n + 1, triangles + t)
        })
}

fn measure_frames(
    mut probe: ResMut<FrameProbe>,
    time: Res<Time<Real>>,
    meshes: Res<Assets<Mesh>>,
    drawn: Query<(&Mesh3d, &ViewVisibility)>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut exit: MessageWriter<AppExit>,
) {
    if probe.done {
        return;
    }
    if probe.warm_up > 0 {
        if probe.warm_up == WARM_UP_FRAMES {
            if let Some(adapter) = adapter {
                println!(
                    "adapter: {}",
                    crate::view::offscreen::adapter_text(&adapter)
                );
            }
            if let Some(age) = process_age() {
                println!("first frame {age:.2} s after start");
            }
        }
        probe.warm_up -= 1;
        if probe.warm_up == 0 {
            if let Some(age) = process_age() {
                println!("{WARM_UP_FRAMES} frames {age:.2} s after start");
            }
            probe.start = Counters::read();
        }
        return;
    }
    probe.frame_ms.push(time.delta_secs_f64() * 1000.0);
    probe.left = probe.left.saturating_sub(1);
    if probe.left == 0 {
        let (drawn, triangles) = scene_load(&meshes, &drawn);
        println!("{drawn} meshes drawn, {triangles} triangles");
        println!(
            "{}",
            Report::new(&probe.frame_ms, probe.start, Counters::read())
        );
        probe.done = true;
        if probe.exit_when_done {
            exit.write(AppExit::Success);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN: &str = "4242 (tabula (main)) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0 20 0 9 0 1234";
    const ALL: &str = "cpu  1000 0 200 700 0 0 0 100 0 0\ncpu0 500 0 100 350 0 0 0 50 0 0\n";

    #[test]
    fn reads_process_and_steal_counters() {
        let c = Counters::parse(OWN, ALL).expect("parses");
        assert_eq!(
            c,
            Counters {
                process: 300,
                total: 2000,
                steal: 100
            }
        );
        assert_eq!(Counters::parse("garbage", ALL), None);
        assert_eq!(Counters::parse(OWN, "intr 5\n"), None);
    }

    #[test]
    fn reports_mean_median_processor_time_and_steal() {
        let start = Counters {
            process: 100,
            total: 1000,
            steal: 10,
        };
        let end = Counters {
            process: 140,
            total: 1800,
            steal: 90,
        };
        let r = Report::new(&[40.0, 60.0, 50.0, 90.0], Some(start), Some(end));
        assert_eq!(r.frames, 4);
        assert!((r.mean_ms - 60.0).abs() < 1e-9);
        assert!((r.median_ms - 55.0).abs() < 1e-9);
        // 40 ticks = 400 ms over four frames.
        assert!((r.cpu_ms.unwrap() - 100.0).abs() < 1e-9);
        assert!((r.stolen_percent.unwrap() - 10.0).abs() < 1e-9);
        let text = r.to_string();
        assert!(
            text.starts_with(
                "4 frames, mean frame time 60.0 ms (16.7 frames per second), median 55.0 ms"
            ),
            "{text}"
        );
        assert!(text.contains("hypervisor steal 10%"), "{text}");
        let bare = Report::new(&[20.0], None, None);
        assert_eq!(
            bare.to_string(),
            "1 frames, mean frame time 20.0 ms (50.0 frames per second), median 20.0 ms"
        );
    }
}
