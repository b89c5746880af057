//! An engine for the example programs: this build's search or any Hub engine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use std::path::Path;
use std::sync::Arc;

use draughts::egdb::Endgames;
use draughts::{GameHistory, Level, Move, SearchOptions, Searcher, Variant, hub};

use super::evaluation;

/// An engine: this build's search or a Hub engine in its own process.
pub enum Player {
    /// This build's search.
    Own(Box<Searcher>),
    /// A Hub engine in its own process.
    Hub(HubProcess),
}

/// A Hub engine in its own process, its input and output piped.
pub struct HubProcess {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl HubProcess {
    /// Starts `command` (split at white space) and sets it up for `variant`.
    pub fn start(command: &str, variant: &Variant) -> Result<HubProcess, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let (program, args) = words.split_first().ok_or("an empty hub command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("{command}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut p = HubProcess {
            child,
            input,
            output,
        };
        p.send("hub")?;
        p.until("wait")?;
        p.send(&format!(
            "set-param name=variant value={}",
            hub::hub_name(variant)
        ))?;
        p.send("init")?;
        p.until("ready")?;
        Ok(p)
    }

    /// Sends a line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine went away: {e}"))
    }

    /// Reads lines until one starts with `word`: that line.
    pub fn until(&mut self, word: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            if n == 0 {
                return Err(format!("the engine ended before `{word}`"));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.trim().to_string());
            }
            if line.starts_with("error") {
                return Err(format!("the engine said: {}", line.trim()));
            }
        }
    }
}

impl Drop for HubProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl Player {
    /// The engine `spec` names: `self`, `self:OPTIONS` or `hub:COMMAND`, where OPTIONS
    /// are comma-separated: an evaluation EVAL (see [`evaluation`]), `threads=N` and
    /// `endgames=DIR` (the endgame tables of `variant` found in DIR, probed as the site's
    /// strong level probes them).
    pub fn start(spec: &str, variant: &Variant) -> Result<Player, String> {
        if let Some(command) = spec.strip_prefix("hub:") {
            return Ok(Player::Hub(HubProcess::start(command, variant)?));
        }
        let options = match spec {
            "self" => "",
            _ => spec.strip_prefix("self:").ok_or_else(|| {
                format!("a player is `self`, `self:OPTIONS` or `hub:COMMAND`, not {spec}")
            })?,
        };
        let mut searcher = Searcher::new();
        for option in options.split(',').filter(|o| !o.is_empty()) {
            searcher = if let Some(n) = option.strip_prefix("threads=") {
                searcher.with_threads(
                    n.parse()
                        .map_err(|_| format!("threads=N takes a number, not {n}"))?,
                )
            } else if let Some(dir) = option.strip_prefix("endgames=") {
                let tables = Endgames::load(variant, Path::new(dir))
                    .map_err(|e| format!("endgames={dir}: {e}"))?;
                if tables.positions() == 0 {
                    return Err(format!("endgames={dir}: no tables of {}", variant.name));
                }
                searcher.with_endgames(Arc::new(tables))
            } else {
                searcher.with_evaluation(evaluation(option)?)
            };
        }
        Ok(Player::Own(Box::new(searcher)))
    }

    /// Forgets what the engine learnt of earlier games (its table).
    pub fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Own(s) => {
                s.clear();
                Ok(())
            }
            Player::Hub(p) => p.send("new-game"),
        }
    }

    /// The player's move in `game`, within `time` seconds or `nodes` positions.
    pub fn play(
        &mut self,
        game: &GameHistory,
        time: f64,
        nodes: Option<u64>,
    ) -> Result<Move, String> {
        match self {
            Player::Own(s) => {
                let strong = SearchOptions::new(Level::Strong);
                let options = match nodes {
                    Some(n) => strong.with_nodes(n).with_time(Duration::from_secs(3600)),
                    None => strong.with_move_time(Duration::from_secs_f64(time)),
                };
                s.search(game, &options)
                    .map(|r| r.mv)
                    .ok_or_else(|| "no move".to_string())
            }
            Player::Hub(p) => {
                let moves: Vec<String> = game.moves().iter().map(hub::move_text).collect();
                p.send(&format!(
                    "pos pos={} moves=\"{}\"",
                    hub::position_text(game.start()),
                    moves.join(" ")
                ))?;
                match nodes {
                    Some(n) => p.send(&format!("level nodes={n}"))?,
                    None => p.send(&format!("level move-time={time}"))?,
                }
                p.send("go think")?;
                let done = p.until("done")?;
                let text = done
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix("move="))
                    .ok_or_else(|| format!("no move in `{done}`"))?;
                hub::read_move(game.position(), text).map_err(|e| e.to_string())
            }
        }
    }
}
