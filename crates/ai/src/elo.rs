//! Elo ratings from game results: the Bradley-Terry model fitted by maximum likelihood
//! (Newton's method), with a term for the advantage of moving first, one engine fixed at 0,
//! and 95% intervals from the Fisher information.
//!
//! The chance that `a` scores against `b` when `a` moves first is
//! `1 / (1 + 10^(-(r_a - r_b + f) / 400))`, `f` the first mover's advantage. A draw counts
//! half a win and half a loss. A few virtual draws between each pair of engines that met
//! (and of a first mover against itself) keep the estimates finite where an engine won or
//! lost every game (BayesElo's prior); they pull each difference a little towards 0.

/// The results of one engine moving first against another.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tally {
    /// The engine that moved first (of the two).
    pub first: usize,
    /// Its opponent.
    pub second: usize,
    /// Games the first won.
    pub wins: f64,
    /// Games drawn.
    pub draws: f64,
    /// Games the first lost.
    pub losses: f64,
}

impl Tally {
    fn games(&self) -> f64 {
        self.wins + self.draws + self.losses
    }

    fn score(&self) -> f64 {
        self.wins + self.draws / 2.0
    }
}

/// Fitted ratings.
#[derive(Debug, Clone)]
pub struct Fit {
    /// Each engine's rating in Elo (the anchor's is 0); `None` for an engine with no games.
    pub ratings: Vec<Option<f64>>,
    /// The first mover's advantage in Elo.
    pub first_move: f64,
    /// Engine whose rating is fixed at 0.
    pub anchor: usize,
    /// Parameter of each engine (`None`: the anchor, or no games); the first move's is last.
    index: Vec<Option<usize>>,
    /// The inverse of the Fisher information at the fit, over the parameters.
    covariance: Vec<Vec<f64>>,
}

/// Why there are no ratings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// The results do not tie every engine that played to the anchor.
    #[error("the results do not connect every engine to the anchor")]
    Disconnected,
}

/// 1.96: the half-width of a 95% interval in standard deviations.
pub const Z95: f64 = 1.959_964;

/// Elo points per natural unit of the logistic model.
fn unit() -> f64 {
    400.0 / std::f64::consts::LN_10
}

impl Fit {
    /// The half-width of the 95% interval of an engine's rating (0 for the anchor).
    pub fn margin(&self, engine: usize) -> Option<f64> {
        self.ratings[engine]?;
        Some(match self.index[engine] {
            Some(i) => Z95 * self.covariance[i][i].sqrt(),
            None => 0.0,
        })
    }

    /// The half-width of the 95% interval of the first mover's advantage.
    pub fn first_move_margin(&self) -> f64 {
        let i = self.covariance.len() - 1;
        Z95 * self.covariance[i][i].sqrt()
    }

    /// Multiplies the variances by `factor`: where the results come in clusters that go
    /// together (the pairs of seats of one game of three or four players), the design
    /// effect, the mean cluster size weighted by size (`Σk² / Σk`), with every result of a
    /// cluster alike.
    pub fn widen(&mut self, factor: f64) {
        for row in self.covariance.iter_mut() {
            for v in row.iter_mut() {
                *v *= factor;
            }
        }
    }

    /// How much `a` is rated above `b`, with the half-width of its 95% interval.
    pub fn difference(&self, a: usize, b: usize) -> Option<(f64, f64)> {
        let value = self.ratings[a]? - self.ratings[b]?;
        let cov = |x: Option<usize>, y: Option<usize>| match (x, y) {
            (Some(i), Some(j)) => self.covariance[i][j],
            _ => 0.0,
        };
        let (ia, ib) = (self.index[a], self.index[b]);
        let variance = cov(ia, ia) + cov(ib, ib) - 2.0 * cov(ia, ib);
        Some((value, Z95 * variance.max(0.0).sqrt()))
    }
}

/// A result in the model's terms: the engines' parameters, the score, the games and whether
/// the first move's term counts.
struct Term {
    a: Option<usize>,
    b: Option<usize>,
    score: f64,
    games: f64,
    first: bool,
}

/// Fits ratings to the results of `engines` engines, engine `anchor` fixed at 0, with
/// `prior_draws` virtual draws between each pair that met (and between first and second
/// mover, for the first move's term).
pub fn fit(
    engines: usize,
    anchor: usize,
    results: &[Tally],
    prior_draws: f64,
) -> Result<Fit, FitError> {
    let mut played = vec![false; engines];
    for t in results.iter().filter(|t| t.games() > 0.0) {
        played[t.first] = true;
        played[t.second] = true;
    }
    played[anchor] = true;
    let mut index = vec![None; engines];
    let mut m = 0;
    for e in 0..engines {
        if played[e] && e != anchor {
            index[e] = Some(m);
            m += 1;
        }
    }
    let first_param = m;
    let params = m + 1;
    let mut terms: Vec<Term> = results
        .iter()
        .filter(|t| t.games() > 0.0 && t.first != t.second)
        .map(|t| Term {
            a: index[t.first],
            b: index[t.second],
            score: t.score(),
            games: t.games(),
            first: true,
        })
        .collect();
    if prior_draws > 0.0 {
        let mut met = std::collections::BTreeSet::new();
        for t in terms.iter() {
            met.insert((t.a.min(t.b), t.a.max(t.b)));
        }
        for (a, b) in met {
            terms.push(Term {
                a,
                b,
                score: prior_draws / 2.0,
                games: prior_draws,
                first: false,
            });
        }
        // The first mover against itself: a pull of the first move's term towards 0.
        terms.push(Term {
            a: None,
            b: None,
            score: prior_draws / 2.0,
            games: prior_draws,
            first: true,
        });
    }
    // Work in natural units (x = rating / unit), Elo at the end.
    let mut x = vec![0.0; params];
    let diff = |x: &[f64], t: &Term| {
        t.a.map_or(0.0, |i| x[i]) - t.b.map_or(0.0, |i| x[i])
            + if t.first { x[first_param] } else { 0.0 }
    };
    let log_likelihood = |x: &[f64]| -> f64 {
        terms
            .iter()
            .map(|t| {
                let d = diff(x, t);
                // log p = -log(1 + e^-d), log(1 - p) = -log(1 + e^d)
                -t.score * softplus(-d) - (t.games - t.score) * softplus(d)
            })
            .sum()
    };
    let derivatives = |x: &[f64]| {
        let mut gradient = vec![0.0; params];
        let mut information = vec![vec![0.0; params]; params];
        for t in &terms {
            let p = sigmoid(diff(x, t));
            let g = t.score - t.games * p;
            let h = t.games * p * (1.0 - p);
            let mut coefficients: Vec<(usize, f64)> = Vec::with_capacity(3);
            if let Some(i) = t.a {
                coefficients.push((i, 1.0));
            }
            if let Some(i) = t.b {
                coefficients.push((i, -1.0));
            }
            if t.first {
                coefficients.push((first_param, 1.0));
            }
            for &(i, ci) in &coefficients {
                gradient[i] += ci * g;
                for &(j, cj) in &coefficients {
                    information[i][j] += ci * cj * h;
                }
            }
        }
        (gradient, information)
    };
    for _ in 0..200 {
        let (gradient, information) = derivatives(&x);
        let step = solve(&information, &gradient).ok_or(FitError::Disconnected)?;
        let before = log_likelihood(&x);
        let mut scale = 1.0;
        let mut next: Vec<f64> = x.iter().zip(&step).map(|(a, s)| a + s).collect();
        while log_likelihood(&next) < before - 1e-12 && scale > 1e-6 {
            scale /= 2.0;
            next = x.iter().zip(&step).map(|(a, s)| a + scale * s).collect();
        }
        let moved = step.iter().map(|s| (scale * s).abs()).fold(0.0, f64::max);
        x = next;
        if moved < 1e-10 {
            break;
        }
    }
    let (_, information) = derivatives(&x);
    let mut covariance = invert(&information).ok_or(FitError::Disconnected)?;
    let u = unit();
    for row in covariance.iter_mut() {
        for v in row.iter_mut() {
            *v *= u * u;
        }
    }
    let ratings = (0..engines)
        .map(|e| {
            if e == anchor {
                Some(0.0)
            } else {
                index[e].map(|i| x[i] * u)
            }
        })
        .collect();
    Ok(Fit {
        ratings,
        first_move: x[first_param] * u,
        anchor,
        index,
        covariance,
    })
}

/// The chance of scoring at a rating advantage `elo`.
pub fn expected_score(elo: f64) -> f64 {
    sigmoid(elo / unit())
}

fn sigmoid(d: f64) -> f64 {
    1.0 / (1.0 + (-d).exp())
}

/// `ln(1 + e^x)` without overflow.
fn softplus(x: f64) -> f64 {
    if x > 30.0 { x } else { x.exp().ln_1p() }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if `a` is
/// singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, v)| {
            let mut r = row.clone();
            r.push(*v);
            r
        })
        .collect();
    let scale = a
        .iter()
        .flatten()
        .fold(0.0f64, |s, v| s.max(v.abs()))
        .max(1e-300);
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() <= 1e-12 * scale {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            if r != col && f != 0.0 {
                for (v, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// The inverse of a matrix, column by column; `None` if it is singular.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut columns = Vec::with_capacity(n);
    for j in 0..n {
        let e: Vec<f64> = (0..n).map(|i| if i == j { 1.0 } else { 0.0 }).collect();
        columns.push(solve(a, &e)?);
    }
    Some(
        (0..n)
            .map(|i| (0..n).map(|j| columns[j][i]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Games of every ordered pair of engines with known ratings and first-move advantage,
    /// a share of them drawn.
    fn simulate(truth: &[f64], first: f64, games: usize, seed: u64) -> Vec<Tally> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for a in 0..truth.len() {
            for b in 0..truth.len() {
                if a == b {
                    continue;
                }
                let p = expected_score(truth[a] - truth[b] + first);
                let mut t = Tally {
                    first: a,
                    second: b,
                    wins: 0.0,
                    draws: 0.0,
                    losses: 0.0,
                };
                for _ in 0..games {
                    // A draw in one game in ten, taking equally from wins and losses, keeps
                    // the expected score p.
                    let x = f64::from(rng.unit());
                    let draw = 0.1 * p.min(1.0 - p) * 2.0;
                    if x < p - draw / 2.0 {
                        t.wins += 1.0;
                    } else if x < p + draw / 2.0 {
                        t.draws += 1.0;
                    } else {
                        t.losses += 1.0;
                    }
                }
                out.push(t);
            }
        }
        out
    }

    const TRUTH: [f64; 5] = [0.0, 150.0, 320.0, 500.0, 650.0];
    const FIRST: f64 = 40.0;

    #[test]
    fn the_fit_recovers_known_ratings_within_their_intervals() {
        let results = simulate(&TRUTH, FIRST, 150, 7);
        let fit = fit(5, 0, &results, 1.0).unwrap();
        assert_eq!(fit.ratings[0], Some(0.0));
        assert_eq!(fit.margin(0), Some(0.0));
        for (e, truth) in TRUTH.iter().enumerate().skip(1) {
            let r = fit.ratings[e].unwrap();
            let m = fit.margin(e).unwrap();
            assert!(
                (r - truth).abs() <= m,
                "engine {e}: {r:.0} ± {m:.0}, truth {truth}"
            );
            assert!(m > 10.0 && m < 80.0, "engine {e}: ± {m:.0}");
        }
        let f = fit.first_move;
        assert!(
            (f - FIRST).abs() <= fit.first_move_margin(),
            "first move {f:.0}"
        );
        let (d, m) = fit.difference(4, 3).unwrap();
        assert!((d - 150.0).abs() <= m, "{d:.0} ± {m:.0}");
    }

    #[test]
    fn results_counted_four_times_rate_alike_and_widen_back_to_the_same_interval() {
        let once = simulate(&TRUTH, FIRST, 40, 11);
        let four: Vec<Tally> = once
            .iter()
            .map(|t| Tally {
                wins: 4.0 * t.wins,
                draws: 4.0 * t.draws,
                losses: 4.0 * t.losses,
                ..*t
            })
            .collect();
        let a = fit(5, 0, &once, 0.0).unwrap();
        let mut b = fit(5, 0, &four, 0.0).unwrap();
        assert!((b.margin(3).unwrap() * 2.0 - a.margin(3).unwrap()).abs() < 1e-6);
        b.widen(4.0);
        for e in 1..5 {
            assert!((a.ratings[e].unwrap() - b.ratings[e].unwrap()).abs() < 1e-6);
            assert!((a.margin(e).unwrap() - b.margin(e).unwrap()).abs() < 1e-6);
        }
    }

    #[test]
    fn the_intervals_hold_the_truth_about_95_times_in_100() {
        let (mut inside, mut total) = (0, 0);
        for seed in 0..40 {
            let results = simulate(&TRUTH, FIRST, 40, 1000 + seed);
            let fit = fit(5, 0, &results, 1.0).unwrap();
            for (e, truth) in TRUTH.iter().enumerate().skip(1) {
                total += 1;
                if (fit.ratings[e].unwrap() - truth).abs() <= fit.margin(e).unwrap() {
                    inside += 1;
                }
            }
        }
        let share = inside as f64 / total as f64;
        assert!((0.88..=1.0).contains(&share), "{inside} of {total}");
    }

    #[test]
    fn a_clean_sweep_gives_a_finite_rating_and_an_engine_without_games_none() {
        let results = [
            Tally {
                first: 0,
                second: 1,
                wins: 0.0,
                draws: 0.0,
                losses: 4.0,
            },
            Tally {
                first: 1,
                second: 0,
                wins: 4.0,
                draws: 0.0,
                losses: 0.0,
            },
        ];
        let fit = fit(3, 0, &results, 1.0).unwrap();
        let r = fit.ratings[1].unwrap();
        assert!(r > 200.0 && r < 1500.0, "{r}");
        assert!(fit.margin(1).unwrap() > 100.0);
        assert_eq!(fit.ratings[2], None);
        assert_eq!(fit.margin(2), None);
        assert!(fit.first_move.abs() < 1.0, "{}", fit.first_move);
    }

    #[test]
    fn engines_that_never_meet_the_anchor_cannot_be_rated() {
        let results = [Tally {
            first: 1,
            second: 2,
            wins: 3.0,
            draws: 1.0,
            losses: 2.0,
        }];
        assert_eq!(
            fit(3, 0, &results, 1.0).unwrap_err(),
            FitError::Disconnected
        );
    }

    #[test]
    fn even_results_rate_even() {
        let results = [
            Tally {
                first: 0,
                second: 1,
                wins: 5.0,
                draws: 2.0,
                losses: 5.0,
            },
            Tally {
                first: 1,
                second: 0,
                wins: 5.0,
                draws: 2.0,
                losses: 5.0,
            },
        ];
        let fit = fit(2, 0, &results, 1.0).unwrap();
        assert!(fit.ratings[1].unwrap().abs() < 1e-6);
        assert!(fit.first_move.abs() < 1e-6);
        assert!((expected_score(0.0) - 0.5).abs() < 1e-12);
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-9);
    }
}
