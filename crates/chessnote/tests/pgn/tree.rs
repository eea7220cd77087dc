//! The game tree (`GameTree`): its edits and walks, what it writes (the
//! standard's export format and python-chess's), a property test that
//! random trees written and read back are the same trees, and deep games
//! (100,000 plies, 100,000 nested variations) on a test thread's stack.

use chessnote::Move;
use chessnote::pgn::commands::{Centis, Eval, Score};
use chessnote::pgn::{GameTree, LineEnding, Nag, NodeId, Reader, TagSelection, WriteOptions};
use chessnote::position::{CastlingMode, Notation, Position};

/// Adds a move written in SAN after `at`.
fn san(tree: &mut GameTree, at: NodeId, text: &str) -> NodeId {
    tree.add_move_text(at, Notation::San, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The move `text` (SAN) in `position`.
fn mv(position: &Position, text: &str) -> Move {
    position
        .parse_san(text.as_bytes(), chessnote::san::SanOptions::STRICT)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .0
}

/// The SAN of each node's move, from the position before it.
fn sans(tree: &GameTree, ids: impl IntoIterator<Item = NodeId>) -> Vec<String> {
    ids.into_iter()
        .map(|id| {
            let parent = tree.parent(id).expect("not the root");
            match tree[id].mv() {
                Some(m) => tree.position(parent).write_move(Notation::San, m),
                None => "--".into(),
            }
        })
        .collect()
}

/// The moves after `at`, in SAN.
fn children(tree: &GameTree, at: NodeId) -> Vec<String> {
    sans(tree, tree.variations(at))
}

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";

/// The movetext alone (what follows the blank line after the tags).
fn movetext(pgn: &str) -> &str {
    pgn.split_once("\n\n").map_or(pgn, |(_, m)| m)
}

// ---------------------------------------------------------------------
// Edits: promote, demote, promote_to_main, remove, truncate.

/// The start with four first moves: e4 (main), d4, c4, Nf3.
fn four_openings() -> (GameTree, [NodeId; 4]) {
    let mut tree = GameTree::new();
    let ids = ["e4", "d4", "c4", "Nf3"].map(|m| san(&mut tree, GameTree::ROOT, m));
    (tree, ids)
}

#[test]
fn promote_and_demote_move_one_place() {
    let (mut tree, [e4, d4, c4, nf3]) = four_openings();
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "d4", "c4", "Nf3"]);
    assert!(tree.promote(c4));
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "c4", "d4", "Nf3"]);
    assert!(tree.promote(c4));
    assert_eq!(children(&tree, GameTree::ROOT), ["c4", "e4", "d4", "Nf3"]);
    assert!(!tree.promote(c4), "already first");
    assert_eq!(children(&tree, GameTree::ROOT), ["c4", "e4", "d4", "Nf3"]);
    assert!(!tree.demote(nf3), "already last");
    assert!(tree.demote(c4));
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "c4", "d4", "Nf3"]);
    assert!(tree.demote(d4));
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "c4", "Nf3", "d4"]);
    assert_eq!(tree.main_child(GameTree::ROOT), Some(e4));
    assert!(!tree.promote(GameTree::ROOT) && !tree.demote(GameTree::ROOT));
    // A single child can go neither way.
    let e5 = san(&mut tree, e4, "e5");
    assert!(!tree.promote(e5) && !tree.demote(e5));
    assert_eq!(tree.len(), 6);
}

#[test]
fn promote_to_main_puts_the_former_main_move_first_among_variations() {
    let (mut tree, [e4, d4, c4, nf3]) = four_openings();
    assert!(tree.promote_to_main(c4));
    assert_eq!(children(&tree, GameTree::ROOT), ["c4", "e4", "d4", "Nf3"]);
    assert!(!tree.promote_to_main(c4));
    assert!(tree.promote_to_main(nf3));
    assert_eq!(children(&tree, GameTree::ROOT), ["Nf3", "c4", "e4", "d4"]);
    assert!(tree.promote_to_main(e4));
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "Nf3", "c4", "d4"]);
    assert!(!tree.promote_to_main(GameTree::ROOT));
    assert_eq!(
        tree.variations(GameTree::ROOT).collect::<Vec<_>>(),
        [e4, nf3, c4, d4]
    );
    // The subtrees go with their moves.
    let d5 = san(&mut tree, d4, "d5");
    tree.promote_to_main(d4);
    assert_eq!(tree.mainline().collect::<Vec<_>>(), [d4, d5]);
}

#[test]
fn remove_a_variation_and_its_subtree() {
    let (mut tree, [e4, d4, c4, nf3]) = four_openings();
    let d5 = san(&mut tree, d4, "d5");
    let c4b = san(&mut tree, d5, "c4");
    let nf6 = san(&mut tree, d4, "Nf6");
    assert_eq!(tree.len(), 8);
    assert!(tree.remove(d4));
    assert_eq!(tree.len(), 4);
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "c4", "Nf3"]);
    for gone in [d4, d5, c4b, nf6] {
        assert!(!tree.contains(gone), "{gone:?}");
    }
    for kept in [GameTree::ROOT, e4, c4, nf3] {
        assert!(tree.contains(kept));
    }
    assert!(!tree.remove(d4), "removed already");
    assert!(!tree.remove(GameTree::ROOT));
    // An id of a bigger tree, past the end of this one's arena.
    let mut big = GameTree::new();
    let far = knight_shuffle(&mut big, 20);
    assert!(far.index() >= 20 && !tree.contains(far));
    // Removing the main move makes the first variation the main one.
    assert!(tree.remove(e4));
    assert_eq!(children(&tree, GameTree::ROOT), ["c4", "Nf3"]);
    assert_eq!(tree.main_child(GameTree::ROOT), Some(c4));
    assert!(tree.is_mainline(c4));
    // The last variation.
    assert!(tree.remove(nf3));
    assert_eq!(children(&tree, GameTree::ROOT), ["c4"]);
    assert_eq!(
        tree.to_pgn(&WriteOptions::STANDARD),
        format!("{ROSTER}1. c4 *\n")
    );
}

/// Nf3 Nf6 Ng1 Ng8 over and over after the root, `plies` plies, built
/// with `add_line`; the last node.
fn knight_shuffle(tree: &mut GameTree, plies: usize) -> NodeId {
    let start = Position::new();
    let mut p = start.clone();
    let mut cycle = Vec::new();
    for text in ["Nf3", "Nf6", "Ng1", "Ng8"] {
        let m = mv(&p, text);
        p.play(m).unwrap();
        cycle.push(m);
    }
    let moves = cycle.into_iter().cycle().take(plies);
    tree.add_line(GameTree::ROOT, moves).unwrap()
}

#[test]
fn remove_the_rest_of_the_mainline() {
    let mut tree = GameTree::new();
    let last = knight_shuffle(&mut tree, 8);
    let line: Vec<NodeId> = tree.mainline().collect();
    assert_eq!(line.len(), 8);
    assert_eq!(line[7], last);
    assert!(tree.remove(line[3]));
    assert_eq!(tree.mainline().collect::<Vec<_>>(), line[..3]);
    assert_eq!(tree.end(GameTree::ROOT), line[2]);
    assert_eq!(tree.len(), 4);
    for &gone in &line[3..] {
        assert!(!tree.contains(gone));
    }
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. Nf3 Nf6 2. Ng1 *\n"
    );
}

#[test]
fn truncate_removes_every_move_after_a_node() {
    let (mut tree, [e4, d4, ..]) = four_openings();
    for reply in ["e5", "c5", "e6"] {
        san(&mut tree, e4, reply);
    }
    let d5 = san(&mut tree, d4, "d5");
    assert_eq!(tree.len(), 9);
    tree.truncate(e4);
    assert_eq!(tree.variations(e4).count(), 0);
    assert_eq!(tree.len(), 6);
    assert!(tree.contains(d5));
    // A node with nothing after it: nothing to do.
    tree.truncate(e4);
    assert_eq!(tree.len(), 6);
    tree.truncate(GameTree::ROOT);
    assert!(tree.is_empty());
    assert_eq!(tree.len(), 1);
    assert_eq!(tree.mainline().count(), 0);
    assert_eq!(tree.end(GameTree::ROOT), GameTree::ROOT);
    assert_eq!(tree.to_pgn(&WriteOptions::STANDARD), format!("{ROSTER}*\n"));
}

#[test]
fn removed_slots_are_reused_and_the_tree_stays_whole() {
    let (mut tree, [e4, d4, c4, nf3]) = four_openings();
    let d5 = san(&mut tree, d4, "d5");
    let freed = [d4.index(), d5.index()];
    assert!(tree.remove(d4));
    let e5 = san(&mut tree, e4, "e5");
    let nf6 = san(&mut tree, nf3, "Nf6");
    assert!(freed.contains(&e5.index()) && freed.contains(&nf6.index()));
    assert_ne!(e5, nf6);
    // The next one gets a fresh slot.
    let c5 = san(&mut tree, c4, "c5");
    assert!(c5.index() > d5.index());
    assert_eq!(tree.len(), 7);
    assert_eq!(tree.parent(e5), Some(e4));
    assert_eq!(tree.parent(nf6), Some(nf3));
    assert_eq!(tree.descendants(GameTree::ROOT).count(), 7);
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. e4 ( 1. c4 c5 ) ( 1. Nf3 Nf6 ) 1... e5 *\n"
    );
    // With every move removed, the arena starts over.
    tree.truncate(GameTree::ROOT);
    let again = san(&mut tree, GameTree::ROOT, "e4");
    assert_eq!(again.index(), 1);
    assert_eq!(tree.len(), 2);
}

// ---------------------------------------------------------------------
// Adding moves.

#[test]
fn add_variation_checks_legality_and_adds_no_move_twice() {
    let mut tree = GameTree::new();
    let start = Position::new();
    let e4 = tree
        .add_variation(GameTree::ROOT, mv(&start, "e4"))
        .unwrap();
    assert_eq!(tree.add_variation(GameTree::ROOT, mv(&start, "e4")), Ok(e4));
    let d4 = tree
        .add_variation(GameTree::ROOT, mv(&start, "d4"))
        .unwrap();
    assert_eq!(tree.len(), 3);
    assert_eq!(
        tree.variations(GameTree::ROOT).collect::<Vec<_>>(),
        [e4, d4]
    );
    // e4 is White's move: not legal for Black after 1. e4.
    let err = tree.add_variation(e4, mv(&start, "e4")).unwrap_err();
    assert_eq!(err.mv, mv(&start, "e4"));
    // Nor is a move of a piece that is not there.
    let after_e4 = tree.position(e4);
    let e5 = mv(&after_e4, "e5");
    assert!(tree.add_variation(GameTree::ROOT, e5).is_err());
    assert_eq!(tree.len(), 3, "nothing added by a failed add");
    assert_eq!(
        tree.add_variation(e4, e5).map(|id| tree.parent(id)),
        Ok(Some(e4))
    );
}

#[test]
fn add_main_variation_makes_the_move_the_main_one() {
    let (mut tree, [e4, d4, c4, nf3]) = four_openings();
    let start = Position::new();
    let b3 = tree
        .add_main_variation(GameTree::ROOT, mv(&start, "b3"))
        .unwrap();
    assert_eq!(
        children(&tree, GameTree::ROOT),
        ["b3", "e4", "d4", "c4", "Nf3"]
    );
    assert!(tree.is_mainline(b3) && !tree.is_mainline(e4));
    // A move already there is promoted, not added.
    let again = tree
        .add_main_variation(GameTree::ROOT, mv(&start, "c4"))
        .unwrap();
    assert_eq!(again, c4);
    assert_eq!(tree.len(), 6);
    assert_eq!(
        tree.variations(GameTree::ROOT).collect::<Vec<_>>(),
        [c4, b3, e4, d4, nf3]
    );
    assert!(
        tree.add_main_variation(GameTree::ROOT, mv(&start, "Nf3"))
            .is_ok()
    );
    assert_eq!(tree.main_child(GameTree::ROOT), Some(nf3));
    assert!(tree.add_main_variation(e4, mv(&start, "d4")).is_err());
    // Into a node with no moves after it: the only move.
    let e5 = tree
        .add_main_variation(e4, mv(&tree.position(e4), "e5"))
        .unwrap();
    assert_eq!(tree.variations(e4).collect::<Vec<_>>(), [e5]);
}

#[test]
fn add_line_reuses_moves_already_there_and_stops_at_an_illegal_one() {
    let mut tree = GameTree::new();
    let mut p = Position::new();
    let mut line = Vec::new();
    for text in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        let m = mv(&p, text);
        p.play(m).unwrap();
        line.push(m);
    }
    let end = tree
        .add_line(GameTree::ROOT, line[..3].iter().copied())
        .unwrap();
    assert_eq!(tree.len(), 4);
    assert_eq!(tree.ply(end), 3);
    let end5 = tree.add_line(GameTree::ROOT, line.iter().copied()).unwrap();
    assert_eq!(tree.len(), 6, "the first three moves are reused");
    assert_eq!(tree.parent(tree.parent(end5).unwrap()), Some(end));
    assert_eq!(tree.mainline().count(), 5);
    // A branch: 1. e4 e5 2. Nf3 d6 3. d4, added below e5.
    let e5 = tree.mainline().nth(1).unwrap();
    let mut q = tree.position(e5);
    let branch: Vec<Move> = ["Nf3", "d6", "d4"]
        .iter()
        .map(|t| {
            let m = mv(&q, t);
            q.play(m).unwrap();
            m
        })
        .collect();
    let d4 = tree.add_line(e5, branch).unwrap();
    assert_eq!(tree.len(), 8);
    assert!(!tree.is_mainline(d4));
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. e4 e5 2. Nf3 Nc6 ( 2... d6 3. d4 ) 3. Bb5 *\n"
    );
    // An illegal move: the moves before it stay, and the error says where.
    let mut r = Position::new();
    let d4m = mv(&r, "d4");
    r.play(d4m).unwrap();
    let d5m = mv(&r, "d5");
    let bad = mv(&Position::new(), "e4"); // White's move, Black to play
    let (reached, err) = tree
        .add_line(GameTree::ROOT, [d4m, d5m, d4m, bad])
        .unwrap_err();
    assert_eq!(err.mv, d4m, "d4 again is illegal: the pawn is on d4");
    assert_eq!(tree.ply(reached), 2);
    assert_eq!(children(&tree, GameTree::ROOT), ["e4", "d4"]);
    assert_eq!(sans(&tree, [reached]), ["d5"]);
    assert_eq!(tree.len(), 10);
    // An empty line is the node itself.
    assert_eq!(tree.add_line(e5, []), Ok(e5));
}

#[test]
fn add_null_move_passes_unless_in_check() {
    let mut tree = GameTree::new();
    let null = tree.add_null_move(GameTree::ROOT).unwrap();
    assert_eq!(tree[null].mv(), None);
    assert_eq!(tree.position(null).turn(), chessnote::Color::Black);
    let e5 = san(&mut tree, null, "e5");
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. -- e5 *\n"
    );
    let uci = WriteOptions::STANDARD.notation(Notation::Uci.into());
    assert_eq!(movetext(&tree.to_pgn(&uci)), "1. 0000 e7e5 *\n");
    // 1. e4 f5 2. Qh5+: Black is in check and cannot pass.
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    let f5 = san(&mut tree, e4, "f5");
    let qh5 = san(&mut tree, f5, "Qh5+");
    assert_eq!(tree.add_null_move(qh5), None);
    assert_eq!(tree.len(), 4);
    let _ = e5;
}

#[test]
fn add_null_move_adds_no_second_null_move() {
    let mut tree = GameTree::new();
    let first = tree.add_null_move(GameTree::ROOT).unwrap();
    let second = tree.add_null_move(GameTree::ROOT).unwrap();
    assert_eq!(first, second);
    assert_eq!(tree.len(), 2);
    assert_eq!(movetext(&tree.to_pgn(&WriteOptions::STANDARD)), "1. -- *\n");
}

#[test]
fn add_move_text_reads_every_notation() {
    let mut tree = GameTree::new();
    let root = GameTree::ROOT;
    let nf3 = tree.add_move_text(root, Notation::San, "Nf3").unwrap();
    for (notation, text) in [
        (Notation::Lan, "Ng1-f3"),
        (Notation::Uci, "g1f3"),
        (Notation::Eran, "Knight g1-f3"),
        (Notation::Eran, "N g1-f3"),
        (Notation::San, "Ngf3"),
    ] {
        let got = tree.add_move_text(root, notation, text);
        if notation == Notation::San {
            // Strict SAN: no needless disambiguation.
            assert!(got.is_err(), "{text}");
        } else {
            assert_eq!(got.ok(), Some(nf3), "{notation} {text}");
        }
    }
    assert_eq!(tree.len(), 2);
    // Each notation for a new move, one after the other.
    let d5 = tree.add_move_text(nf3, Notation::Uci, "d7d5").unwrap();
    let c4 = tree.add_move_text(d5, Notation::Lan, "c2-c4").unwrap();
    let dxc4 = tree
        .add_move_text(c4, Notation::Eran, "Pawn d5xc4")
        .unwrap();
    let e3 = tree.add_move_text(dxc4, Notation::Eran, "P e2-e3").unwrap();
    let nc6 = tree.add_move_text(e3, Notation::San, "Nc6").unwrap();
    let bxc4 = tree.add_move_text(nc6, Notation::San, "Bxc4").unwrap();
    let e5 = tree.add_move_text(bxc4, Notation::Lan, "e7-e5").unwrap();
    // Castling: O-O, 0-0 (read with zeros) and UCI's king move.
    let oo = tree.add_move_text(e5, Notation::San, "O-O").unwrap();
    assert_eq!(tree.add_move_text(e5, Notation::San, "0-0").ok(), Some(oo));
    assert_eq!(tree.add_move_text(e5, Notation::Uci, "e1g1").ok(), Some(oo));
    assert_eq!(tree.add_move_text(e5, Notation::Lan, "O-O").ok(), Some(oo));
    assert_eq!(tree.ply(oo), 9);
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. Nf3 d5 2. c4 dxc4 3. e3 Nc6 4. Bxc4 e5 5. O-O *\n"
    );
    // Illegal or unreadable text adds nothing.
    for (notation, text) in [
        (Notation::San, "Ke2"),
        (Notation::San, "e5"),
        (Notation::San, "--"),
        (Notation::San, "hello"),
        (Notation::San, ""),
        (Notation::Lan, "e2-e5"),
        (Notation::Uci, "e2e5"),
        (Notation::Uci, "0000"),
        (Notation::Eran, "Knight g1-e2"),
        (Notation::Eran, "Bishop f1-c4"),
    ] {
        assert!(
            tree.add_move_text(GameTree::ROOT, notation, text).is_err(),
            "{notation} {text}"
        );
    }
    assert_eq!(tree.len(), 10);
}

// ---------------------------------------------------------------------
// Clocks and evaluations in comments.

#[test]
fn set_clock_on_a_node_without_comments_adds_one() {
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    assert_eq!(tree[e4].clock(), None);
    tree[e4].set_clock(Centis(6_200));
    assert_eq!(tree[e4].clock(), Some(Centis(6_200)));
    assert_eq!(tree[e4].comments, ["[%clk 0:01:02]"]);
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. e4 { [%clk 0:01:02] } *\n"
    );
}

#[test]
fn set_clock_replaces_the_clock_and_keeps_the_rest() {
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    tree[e4].comments = vec!["good move".into()];
    tree[e4].set_clock(Centis(30_000));
    assert_eq!(tree[e4].comments, ["[%clk 0:05:00] good move"]);
    tree[e4].set_clock(Centis(29_950));
    assert_eq!(tree[e4].clock(), Some(Centis(29_950)));
    assert_eq!(tree[e4].comments, ["[%clk 0:04:59.5] good move"]);
    // A clock in the second comment is the one replaced; the eval stays.
    tree[e4].comments = vec!["first".into(), "[%eval 0.17] ok [%clk 1:00:00] end".into()];
    assert_eq!(tree[e4].clock(), Some(Centis(360_000)));
    tree[e4].set_clock(Centis(100));
    assert_eq!(
        tree[e4].comments,
        ["first", "[%eval 0.17] ok [%clk 0:00:01] end"]
    );
    assert_eq!(tree[e4].clock(), Some(Centis(100)));
    assert_eq!(
        tree[e4].eval(),
        Some(Eval {
            score: Score::Centipawns(17),
            depth: None
        })
    );
}

#[test]
fn set_eval_replaces_or_adds_the_evaluation() {
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    let eval = Eval {
        score: Score::Centipawns(-350),
        depth: Some(20),
    };
    tree[e4].set_eval(eval);
    assert_eq!(tree[e4].eval(), Some(eval));
    assert_eq!(tree[e4].comments, ["[%eval -3.50,20]"]);
    let mate = Eval {
        score: Score::Mate(-4),
        depth: None,
    };
    tree[e4].set_eval(mate);
    assert_eq!(tree[e4].comments, ["[%eval #-4]"]);
    assert_eq!(tree[e4].eval(), Some(mate));
    // Beside a clock and text: the clock stays.
    tree[e4].comments = vec!["  [%clk 0:00:10]  ahead ".into()];
    tree[e4].set_eval(Eval {
        score: Score::Centipawns(5),
        depth: None,
    });
    assert_eq!(tree[e4].comments, ["[%eval 0.05] [%clk 0:00:10]  ahead"]);
    assert_eq!(tree[e4].clock(), Some(Centis(1_000)));
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. e4 { [%eval 0.05] [%clk 0:00:10] ahead } *\n"
    );
    // An eval in a later comment is the one replaced.
    tree[e4].comments = vec!["a".into(), "b [%eval 1.00,3] c".into(), "[%eval 2]".into()];
    tree[e4].set_eval(Eval {
        score: Score::Mate(2),
        depth: Some(7),
    });
    assert_eq!(tree[e4].comments, ["a", "b [%eval #2,7] c", "[%eval 2]"]);
}

// ---------------------------------------------------------------------
// Walks: mainline, variations, end, ply, position, is_mainline.

#[test]
fn walks_over_a_tree_with_variations() {
    // 1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 Nc6
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    let e5 = san(&mut tree, e4, "e5");
    let c5 = san(&mut tree, e4, "c5");
    let nf3b = san(&mut tree, c5, "Nf3");
    let c3 = san(&mut tree, c5, "c3");
    let d6 = san(&mut tree, nf3b, "d6");
    let nf3 = san(&mut tree, e5, "Nf3");
    let nc6 = san(&mut tree, nf3, "Nc6");
    assert_eq!(tree.mainline().collect::<Vec<_>>(), [e4, e5, nf3, nc6]);
    assert_eq!(sans(&tree, tree.mainline()), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(tree.mainline_moves().count(), 4);
    assert_eq!(tree.variations(e4).collect::<Vec<_>>(), [e5, c5]);
    assert_eq!(tree.variations(nc6).count(), 0);
    assert_eq!(tree.main_child(c5), Some(nf3b));
    assert_eq!(tree.main_child(nc6), None);
    assert_eq!(tree.end(GameTree::ROOT), nc6);
    assert_eq!(tree.end(c5), d6);
    assert_eq!(tree.end(c3), c3);
    assert_eq!(tree.end(nc6), nc6);
    for (id, ply) in [
        (GameTree::ROOT, 0),
        (e4, 1),
        (c5, 2),
        (c3, 3),
        (d6, 4),
        (nc6, 4),
    ] {
        assert_eq!(tree.ply(id), ply, "{id:?}");
    }
    assert_eq!(tree.parent(GameTree::ROOT), None);
    assert_eq!(tree.parent(d6), Some(nf3b));
    for id in [GameTree::ROOT, e4, e5, nf3, nc6] {
        assert!(tree.is_mainline(id) && tree.is_main_variation(id), "{id:?}");
    }
    for id in [c5, nf3b, d6] {
        assert!(!tree.is_mainline(id), "{id:?}");
    }
    assert!(!tree.is_main_variation(c5) && !tree.is_main_variation(c3));
    assert!(tree.is_main_variation(nf3b) && tree.is_main_variation(d6));
    assert_eq!(
        tree.position(d6).to_setup().to_string(),
        "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
    );
    assert_eq!(tree.position(GameTree::ROOT), Position::new());
    assert_eq!(tree.moves_to(c3).len(), 3);
    // Pre-order: a node, its main line, then its variations.
    assert_eq!(
        tree.descendants(GameTree::ROOT).collect::<Vec<_>>(),
        [GameTree::ROOT, e4, e5, nf3, nc6, c5, nf3b, d6, c3]
    );
    // From a variation: its subtree, not its siblings.
    assert_eq!(tree.descendants(c5).collect::<Vec<_>>(), [c5, nf3b, d6, c3]);
    assert_eq!(tree.descendants(nf3b).collect::<Vec<_>>(), [nf3b, d6]);
    assert_eq!(tree.descendants(e5).collect::<Vec<_>>(), [e5, nf3, nc6]);
    assert_eq!(tree.len(), 9);
    assert!(!tree.is_empty() && GameTree::new().is_empty());
}

#[test]
fn a_tree_from_a_position_numbers_its_moves_from_there() {
    let setup = "4k3/8/8/8/8/8/4P3/4K2R b K - 3 40".parse().unwrap();
    let start = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    let mut tree = GameTree::from_position(start.clone());
    assert_eq!(tree.start(), &start);
    assert_eq!(tree.tag("FEN"), Some("4k3/8/8/8/8/8/4P3/4K2R b K - 3 40"));
    assert_eq!(tree.tag("SetUp"), Some("1"));
    assert_eq!(tree.tag("Variant"), None);
    let kd7 = san(&mut tree, GameTree::ROOT, "Kd7");
    let oo = san(&mut tree, kd7, "O-O");
    san(&mut tree, kd7, "e4");
    assert_eq!(tree.position(oo).fullmoves(), 41);
    let expected_tags = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";
    assert_eq!(
        tree.to_pgn(&WriteOptions::STANDARD),
        format!(
            "{expected_tags}[FEN \"4k3/8/8/8/8/8/4P3/4K2R b K - 3 40\"]\n[SetUp \"1\"]\n\n\
             40... Kd7 41. O-O ( 41. e4 ) *\n"
        )
    );
    // The standard start has neither tag.
    assert_eq!(GameTree::from_position(Position::new()).tags, []);
}

#[test]
fn a_tree_from_a_position_has_python_chess_tag_order() {
    let setup = "4k3/8/8/8/8/8/4P3/4K2R b K - 3 40".parse().unwrap();
    let start = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    let mut tree = GameTree::from_position(start);
    let kd7 = san(&mut tree, GameTree::ROOT, "Kd7");
    san(&mut tree, kd7, "O-O");
    san(&mut tree, kd7, "e4");
    // What python-chess 1.11.2 writes for `Game.setup(board)` and the
    // same moves (`StringExporter(columns=80)`, plus the final newline).
    assert_eq!(
        tree.to_pgn(&WriteOptions::PYTHON_CHESS),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R b K - 3 40\"]\n[SetUp \"1\"]\n\n\
         40... Kd7 41. O-O ( 41. e4 ) *\n"
    );
}

// ---------------------------------------------------------------------
// Equality.

/// The game `1. e4 e5 (1... c5 {sharp}) 2. Nf3 $1`, built in the order
/// given, or (`shuffled`) with the variation first and e5 promoted over
/// it, after adding and removing a few moves to leave holes in the arena.
fn small_game(shuffled: bool) -> GameTree {
    let mut tree = GameTree::new();
    if shuffled {
        let d4 = san(&mut tree, GameTree::ROOT, "d4");
        san(&mut tree, d4, "d5");
        san(&mut tree, d4, "Nf6");
        let e4 = san(&mut tree, GameTree::ROOT, "e4");
        tree.remove(d4);
        let c5 = san(&mut tree, e4, "c5");
        tree[c5].comments.push("sharp".into());
        let e5 = san(&mut tree, e4, "e5");
        assert!(tree.promote_to_main(e5));
        let nf3 = san(&mut tree, e5, "Nf3");
        tree[nf3].nags.push(Nag::GOOD_MOVE);
    } else {
        let e4 = san(&mut tree, GameTree::ROOT, "e4");
        let e5 = san(&mut tree, e4, "e5");
        let nf3 = san(&mut tree, e5, "Nf3");
        tree[nf3].nags.push(Nag::GOOD_MOVE);
        let c5 = san(&mut tree, e4, "c5");
        tree[c5].comments.push("sharp".into());
    }
    tree
}

#[test]
fn equal_games_in_two_arena_layouts_are_equal() {
    let (a, b) = (small_game(false), small_game(true));
    assert_ne!(
        a.mainline().map(NodeId::index).collect::<Vec<_>>(),
        b.mainline().map(NodeId::index).collect::<Vec<_>>(),
        "the layouts differ"
    );
    assert_eq!(a, b);
    assert_eq!(
        a.to_pgn(&WriteOptions::STANDARD),
        b.to_pgn(&WriteOptions::STANDARD)
    );
    assert_eq!(a.clone(), b);
    // Where a game was read from and its errors do not count.
    let mut c = b.clone();
    c.index = 7;
    c.offset = 100;
    c.line = 5;
    assert_eq!(a, c);
}

#[test]
fn games_that_differ_anywhere_are_not_equal() {
    let a = small_game(false);
    let e4 = a.mainline().next().unwrap();
    let [e5, c5] = [0, 1].map(|i| a.variations(e4).nth(i).unwrap());
    let nf3 = a.main_child(e5).unwrap();
    type Edit = Box<dyn Fn(&mut GameTree)>;
    let mut edits: Vec<(&str, Edit)> = vec![
        ("a comment", Box::new(move |t| t[c5].comments[0].push('!'))),
        (
            "another comment",
            Box::new(move |t| t[nf3].comments.push("x".into())),
        ),
        (
            "a starting comment",
            Box::new(move |t| t[c5].starting_comments.push("x".into())),
        ),
        ("a NAG", Box::new(move |t| t[nf3].nags[0] = Nag::MISTAKE)),
        ("another NAG", Box::new(move |t| t[e4].nags.push(Nag(20)))),
        (
            "a root comment",
            Box::new(|t| t[GameTree::ROOT].comments.push("x".into())),
        ),
        (
            "the order of variations",
            Box::new(move |t| assert!(t.promote(c5))),
        ),
        ("a removed move", Box::new(move |t| assert!(t.remove(nf3)))),
        ("a tag", Box::new(|t| t.set_tag("White", "A"))),
        (
            "the marker",
            Box::new(|t| t.marker = Some(chessnote::pgn::GameResult::Draw)),
        ),
        (
            "a move added",
            Box::new(move |t| {
                san(t, c5, "Nf3");
            }),
        ),
    ];
    edits.push((
        "one more comment",
        Box::new(move |t| {
            t[c5].comments.push("calm".into());
        }),
    ));
    for (what, edit) in &edits {
        let mut b = a.clone();
        edit(&mut b);
        assert_ne!(a, b, "{what}");
        assert_ne!(b, a, "{what}");
    }
    let mut x = a.clone();
    let mut y = a.clone();
    x[c5].comments = vec!["one".into(), "two".into()];
    y[c5].comments = vec!["two".into(), "one".into()];
    assert_ne!(x, y);
    x[nf3].nags = vec![Nag(1), Nag(2)];
    y[nf3].nags = vec![Nag(2), Nag(1)];
    y[c5].comments = vec!["one".into(), "two".into()];
    assert_ne!(x, y, "the order of NAGs");
    y[nf3].nags = vec![Nag(1), Nag(2)];
    assert_eq!(x, y);
    // A different start position.
    let setup = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    let other =
        GameTree::from_position(Position::from_setup(&setup, CastlingMode::Standard).unwrap());
    let mut same_tags = other.clone();
    same_tags.tags.clear();
    let mut empty = GameTree::new();
    assert_ne!(same_tags, empty);
    empty.tags = other.tags.clone();
    assert_ne!(empty, other, "tags alike, starts not");
}

#[test]
fn equality_sees_the_shape_not_only_the_order_of_the_nodes() {
    // Root → [Nf3, --] against root → Nf3 → --: the same nodes in
    // pre-order, the null move a variation in one and a reply in the other.
    let mut a = GameTree::new();
    san(&mut a, GameTree::ROOT, "Nf3");
    a.add_null_move(GameTree::ROOT).unwrap();
    let mut b = GameTree::new();
    let nf3 = san(&mut b, GameTree::ROOT, "Nf3");
    b.add_null_move(nf3).unwrap();
    assert_eq!(a.len(), b.len());
    assert_ne!(a, b);
    assert_ne!(b, a);
    assert_eq!(
        movetext(&a.to_pgn(&WriteOptions::STANDARD)),
        "1. Nf3 ( 1. -- ) *\n"
    );
    assert_eq!(
        movetext(&b.to_pgn(&WriteOptions::STANDARD)),
        "1. Nf3 -- *\n"
    );
}

// ---------------------------------------------------------------------
// What the writer writes for small trees, worked out by hand from the
// standard (section 8: tags, `N...` after any annotation, lines under 80
// characters) and checked against python-chess 1.11.2's
// `StringExporter(columns=80)` for the python-chess style.

/// The game of the `1. e4 e5 (1... c5)` examples, with everything: a root
/// comment, comments, a starting comment, NAGs, a nested variation, a
/// second variation, tags out of order.
fn annotated() -> GameTree {
    let mut tree = GameTree::new();
    tree.set_tag("White", "A");
    tree.set_tag("Result", "1-0");
    tree.set_tag("ECO", "C20");
    tree.set_tag("Annotator", "me");
    tree[GameTree::ROOT].comments.push("start".into());
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    tree[e4].comments.push("c1".into());
    let e5 = san(&mut tree, e4, "e5");
    tree[e5].nags.push(Nag(1));
    let c5 = san(&mut tree, e4, "c5");
    tree[c5].starting_comments.push("wing".into());
    let nf3b = san(&mut tree, c5, "Nf3");
    san(&mut tree, c5, "c3");
    san(&mut tree, nf3b, "Nc6");
    san(&mut tree, e4, "e6");
    let nf3 = san(&mut tree, e5, "Nf3");
    tree[nf3].nags.extend([Nag(2), Nag(1)]);
    tree[nf3].comments.extend(["two".into(), "comments".into()]);
    san(&mut tree, nf3, "Nc6");
    tree
}

#[test]
fn writes_an_annotated_tree_in_the_standard_format() {
    let tree = annotated();
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                    [White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Annotator \"me\"]\n[ECO \"C20\"]\n\n\
                    { start } 1. e4 { c1 } 1... e5 $1 ( { wing } 1... c5 2. Nf3 ( 2. c3 ) 2... Nc6\n\
                    ) ( 1... e6 ) 2. Nf3 $2 $1 { two } { comments } 2... Nc6 1-0\n";
    assert_eq!(tree.to_pgn(&WriteOptions::STANDARD), expected);
    assert_eq!(tree.to_string(), expected);
    assert_eq!(
        tree.to_pgn(&WriteOptions::STANDARD.columns(None)),
        expected.replace("Nc6\n)", "Nc6 )")
    );
    let crlf = WriteOptions {
        line_ending: LineEnding::CrLf,
        ..WriteOptions::STANDARD
    };
    assert_eq!(tree.to_pgn(&crlf), expected.replace('\n', "\r\n"));
    // The reduced export format: the roster, the mainline, the result.
    assert_eq!(
        tree.to_pgn(&WriteOptions::REDUCED),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"
    );
    let bare = WriteOptions {
        tags: TagSelection::None,
        ..WriteOptions::STANDARD
    }
    .columns(None);
    assert_eq!(
        tree.to_pgn(&bare),
        "{ start } 1. e4 { c1 } 1... e5 $1 ( { wing } 1... c5 2. Nf3 ( 2. c3 ) 2... Nc6 ) \
         ( 1... e6 ) 2. Nf3 $2 $1 { two } { comments } 2... Nc6 1-0\n"
    );
    let no_comments = WriteOptions {
        comments: false,
        ..bare
    };
    assert_eq!(
        tree.to_pgn(&no_comments),
        "1. e4 e5 $1 ( 1... c5 2. Nf3 ( 2. c3 ) 2... Nc6 ) ( 1... e6 ) 2. Nf3 $2 $1 2... Nc6 1-0\n"
    );
    let no_nags = WriteOptions {
        nags: false,
        ..bare
    };
    assert_eq!(
        tree.to_pgn(&no_nags),
        "{ start } 1. e4 { c1 } 1... e5 ( { wing } 1... c5 2. Nf3 ( 2. c3 ) 2... Nc6 ) \
         ( 1... e6 ) 2. Nf3 { two } { comments } 2... Nc6 1-0\n"
    );
    let no_variations = WriteOptions {
        variations: false,
        ..bare
    };
    assert_eq!(
        tree.to_pgn(&no_variations),
        "{ start } 1. e4 { c1 } 1... e5 $1 2. Nf3 $2 $1 { two } { comments } 2... Nc6 1-0\n"
    );
}

#[test]
fn writes_an_annotated_tree_as_python_chess_does() {
    // python-chess: tags in insertion order, NAGs sorted, a node's
    // comments joined in one, no `N...` after a NAG.
    assert_eq!(
        annotated().to_pgn(&WriteOptions::PYTHON_CHESS),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[Annotator \"me\"]\n\n\
         { start } 1. e4 { c1 } 1... e5 $1 ( { wing } 1... c5 2. Nf3 ( 2. c3 ) 2... Nc6\n\
         ) ( 1... e6 ) 2. Nf3 $1 $2 { two comments } 2... Nc6 1-0\n"
    );
    assert_eq!(
        movetext(&annotated().to_pgn(&WriteOptions::PYTHON_CHESS.columns(None))),
        "{ start } 1. e4 { c1 } 1... e5 $1 ( { wing } 1... c5 2. Nf3 ( 2. c3 ) 2... Nc6 ) \
         ( 1... e6 ) 2. Nf3 $1 $2 { two comments } 2... Nc6 1-0\n"
    );
}

/// Builds a mainline from SAN moves, and gives its nodes.
fn line(tree: &mut GameTree, moves: &str) -> Vec<NodeId> {
    let mut at = GameTree::ROOT;
    moves
        .split_whitespace()
        .map(|m| {
            at = san(tree, at, m);
            at
        })
        .collect()
}

#[test]
fn wraps_lines_before_80_characters() {
    let mut tree = GameTree::new();
    line(
        &mut tree,
        "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 \
         Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    );
    tree.set_tag("Result", "1-0");
    // The Opera game: `8.` ends a line and `Nc3` starts the next, as
    // python-chess writes it too.
    let movetext_80 = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8.\n\
                       Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14.\n\
                       Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";
    for options in [WriteOptions::STANDARD, WriteOptions::PYTHON_CHESS] {
        let pgn = tree.to_pgn(&options);
        assert_eq!(movetext(&pgn), movetext_80);
        assert!(pgn.lines().all(|l| l.len() < 80));
    }
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD.columns(Some(40)))),
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5\n\
         Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n\
         8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11.\n\
         Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n\
         14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+\n\
         Nxb8 17. Rd8# 1-0\n"
    );
}

#[test]
fn long_comments_wrap_at_spaces_or_stand_on_their_own_line() {
    let long = "this is a long comment of many words that goes on and on past the end of the line for sure";
    let mut tree = GameTree::new();
    let moves = line(&mut tree, "e4 e5 Nf3");
    tree[moves[0]].comments.push(long.into());
    tree[moves[1]].nags.extend([Nag(3), Nag(1)]);
    tree[moves[1]].comments.push("short".into());
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. e4 { this is a long comment of many words that goes on and on past the end\n\
         of the line for sure } 1... e5 $3 $1 { short } 2. Nf3 *\n"
    );
    // python-chess: a comment is one token, on a line of its own when it
    // does not fit.
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::PYTHON_CHESS)),
        format!("1. e4\n{{ {long} }}\n1... e5 $1 $3 {{ short }} 2. Nf3 *\n")
    );
    let mut tree = GameTree::new();
    line(&mut tree, "e4 e5");
    tree[GameTree::ROOT].comments.push(long.into());
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "{ this is a long comment of many words that goes on and on past the end of the\n\
         line for sure } 1. e4 e5 *\n"
    );
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::PYTHON_CHESS)),
        format!("{{ {long} }}\n1. e4 e5 *\n")
    );
}

#[test]
fn comment_text_braces_and_whitespace() {
    let mut tree = GameTree::new();
    let moves = line(&mut tree, "e4 e5 Nf3");
    tree[moves[0]].comments.push("a}b{c\nnew line".into());
    tree[moves[0]].nags.push(Nag(10));
    tree[moves[1]].comments.push("  spaced  ".into());
    tree[moves[2]].comments.push("".into());
    tree[moves[2]]
        .comments
        .push("[%clk   0:01:02]\t[%eval 0.17]".into());
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "1. e4 $10 { ab{c new line } 1... e5 { spaced } 2. Nf3 { }\n\
         { [%clk 0:01:02] [%eval 0.17] } *\n"
    );
    // python-chess keeps line breaks, drops `}`, strips the ends, and
    // joins the comments of a move (an empty one adds nothing).
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::PYTHON_CHESS)),
        "1. e4 $10 { ab{c\nnew line } 1... e5 { spaced } 2. Nf3\n{ [%clk   0:01:02]\t[%eval 0.17] } *\n"
    );
}

#[test]
fn tags_are_escaped_in_both_styles() {
    let mut tree = GameTree::new();
    line(&mut tree, "e4 e5");
    tree.set_tag("White", "A \"B\" \\ C");
    tree.set_tag("Event", "Big } event");
    assert_eq!(
        tree.to_pgn(&WriteOptions::STANDARD),
        "[Event \"Big } event\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"A \\\"B\\\" \\\\ C\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"
    );
    assert_eq!(
        tree.to_pgn(&WriteOptions::PYTHON_CHESS),
        "[Event \"Big } event\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"A \\\"B\\\" \\\\ C\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"
    );
    // The standard's writer escapes what it writes: it reads back.
    let back = Reader::from_slice(tree.to_pgn(&WriteOptions::STANDARD).as_bytes())
        .game_trees()
        .next()
        .unwrap();
    assert_eq!(back.tag("White"), Some("A \"B\" \\ C"));
}

#[test]
fn nags_force_a_move_number_in_the_standard_only() {
    let mut tree = GameTree::new();
    let moves = line(&mut tree, "e4 e5 Nf3");
    tree[moves[0]].nags.push(Nag(1));
    tree[GameTree::ROOT].nags.push(Nag(14));
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD)),
        "$14 1. e4 $1 1... e5 2. Nf3 *\n"
    );
    // python-chess writes no NAG of the game itself.
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::PYTHON_CHESS)),
        "1. e4 $1 e5 2. Nf3 *\n"
    );
}

#[test]
fn the_result_is_the_tag_or_else_the_marker() {
    let mut tree = GameTree::new();
    line(&mut tree, "f3 e5 g4 Qh4#");
    assert_eq!(tree.result(), "*");
    tree.marker = Some(chessnote::pgn::GameResult::BlackWins);
    assert_eq!(tree.result(), "0-1");
    let pgn = tree.to_pgn(&WriteOptions::STANDARD);
    assert!(pgn.contains("[Result \"0-1\"]\n"), "{pgn}");
    assert!(pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
    tree.set_tag("Result", "1/2-1/2");
    assert_eq!(tree.result(), "1/2-1/2");
    assert!(
        tree.to_pgn(&WriteOptions::STANDARD)
            .ends_with(" Qh4# 1/2-1/2\n")
    );
    tree.set_tag("Result", "*");
    assert_eq!(tree.result(), "0-1");
}

#[test]
fn writes_every_notation() {
    let mut tree = GameTree::new();
    line(
        &mut tree,
        "e4 f5 exf5 g5 fxg6 Nf6 gxh7 Rg8 hxg8=Q Nc6 Qxf8+ Kxf8 Nf3 d6 Bc4 Bd7 O-O",
    );
    let write = |notation: chessnote::position::WriteNotation| {
        let pgn = tree.to_pgn(&WriteOptions::STANDARD.notation(notation));
        assert!(pgn.lines().all(|l| l.len() < 80), "{pgn}");
        movetext(&pgn).to_owned()
    };
    assert_eq!(
        write(Notation::San.into()),
        "1. e4 f5 2. exf5 g5 3. fxg6 Nf6 4. gxh7 Rg8 5. hxg8=Q Nc6 6. Qxf8+ Kxf8 7. Nf3\n\
         d6 8. Bc4 Bd7 9. O-O *\n"
    );
    assert_eq!(
        write(Notation::Lan.into()),
        "1. e2-e4 f7-f5 2. e4xf5 g7-g5 3. f5xg6 Ng8-f6 4. g6xh7 Rh8-g8 5. h7xg8=Q Nb8-c6\n\
         6. Qg8xf8+ Ke8xf8 7. Ng1-f3 d7-d6 8. Bf1-c4 Bc8-d7 9. O-O *\n"
    );
    assert_eq!(
        write(Notation::Uci.into()),
        "1. e2e4 f7f5 2. e4f5 g7g5 3. f5g6 g8f6 4. g6h7 h8g8 5. h7g8q b8c6 6. g8f8 e8f8\n\
         7. g1f3 d7d6 8. f1c4 c8d7 9. e1g1 *\n"
    );
    assert_eq!(
        write(Notation::Eran.into()),
        "1. Pawn e2-e4 Pawn f7-f5 2. Pawn e4xf5 Pawn g7-g5 3. Pawn f5xg6 Knight g8-f6 4.\n\
         Pawn g6xh7 Rook h8-g8 5. Pawn h7xg8 ->Queen Knight b8-c6 6. Queen g8xf8\n\
         King e8xf8 7. Knight g1-f3 Pawn d7-d6 8. Bishop f1-c4 Bishop c8-d7 9.\n\
         castling-kingside *\n"
    );
    assert_eq!(
        write(chessnote::position::WriteNotation::eran(
            chessnote::eran::Style::Short
        )),
        "1. P e2-e4 P f7-f5 2. P e4xf5 P g7-g5 3. P f5xg6 N g8-f6 4. P g6xh7 R h8-g8 5.\n\
         P h7xg8 >Q N b8-c6 6. Q g8xf8 K e8xf8 7. N g1-f3 P d7-d6 8. B f1-c4 B c8-d7 9.\n\
         ck *\n"
    );
}

// ---------------------------------------------------------------------
// Random trees, written and read back.

mod random {
    use chessnote::eran::Style;
    use chessnote::pgn::commands::{Eval, Score};
    use chessnote::pgn::{
        GameResult, GameTree, LineEnding, Nag, NodeId, PgnLeniency, PgnWriter, ReadOptions, Reader,
        WriteOptions,
    };
    use chessnote::position::{CastlingMode, Notation, Position, WriteNotation};
    use proptest::prelude::*;

    /// Pieces of comment text: words, every kind of whitespace, braces,
    /// commands, non-ASCII, and what means something outside a comment.
    pub const PIECES: &[&str] = &[
        "a",
        "word",
        "Nf3",
        "é",
        "日本語",
        "ß∂",
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "{",
        "}",
        "}}",
        "[%clk 0:01:02]",
        "[%eval -0.50,20]",
        "[%csl Ga1]",
        "(",
        ")",
        "$5",
        "1-0",
        "*",
        "%",
        ";",
        "\"",
        "\\",
        "[",
        "]",
        "!?",
        "--",
        "0-1",
        "1.",
        "12...",
        "averyveryverylongwordthatdoesnotstopanytimesoonandgoesonpasttheendofaline",
    ];

    /// Comment text: up to 8 pieces.
    pub fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..8).prop_map(|p| p.concat())
    }

    /// An edit of the tree's shape; `at` picks a node (modulo the number
    /// of nodes, in pre-order).
    #[derive(Clone, Debug)]
    pub enum Op {
        /// Moves after a node, each picked among the legal ones, added with
        /// `how` (and the next ways in turn).
        Line {
            at: usize,
            picks: Vec<u16>,
            how: u8,
        },
        Null {
            at: usize,
        },
        Promote {
            at: usize,
        },
        Demote {
            at: usize,
        },
        ToMain {
            at: usize,
        },
        Remove {
            at: usize,
        },
    }

    /// An annotation.
    #[derive(Clone, Debug)]
    pub enum Note {
        Comment {
            at: usize,
            text: String,
        },
        /// Only on a node that starts a variation (else nothing).
        Starting {
            at: usize,
            text: String,
        },
        Nag {
            at: usize,
            nag: u8,
        },
        Eval {
            at: usize,
            centipawns: i32,
        },
        Tag {
            name: usize,
            value: String,
        },
    }

    pub fn op() -> impl Strategy<Value = Op> {
        let at = any::<usize>();
        prop_oneof![
            6 => (at, prop::collection::vec(any::<u16>(), 1..12), any::<u8>())
                .prop_map(|(at, picks, how)| Op::Line { at, picks, how }),
            1 => at.prop_map(|at| Op::Null { at }),
            1 => at.prop_map(|at| Op::Promote { at }),
            1 => at.prop_map(|at| Op::Demote { at }),
            1 => at.prop_map(|at| Op::ToMain { at }),
            1 => at.prop_map(|at| Op::Remove { at }),
        ]
    }

    pub const TAGS: &[&str] = &["White", "Event", "Annotator", "ECO", "Round", "Black", "Zz"];
    const TAG_VALUES: &[&str] = &["A", "\"q\"", "back\\slash", "é ü", "} ]", "", "1-0"];

    pub fn note() -> impl Strategy<Value = Note> {
        let at = any::<usize>();
        prop_oneof![
            4 => (at, text()).prop_map(|(at, text)| Note::Comment { at, text }),
            2 => (at, text()).prop_map(|(at, text)| Note::Starting { at, text }),
            3 => (at, any::<u8>()).prop_map(|(at, nag)| Note::Nag { at, nag }),
            1 => (at, -2000..2000i32).prop_map(|(at, centipawns)| Note::Eval { at, centipawns }),
            1 => (0..TAGS.len(), prop::collection::vec(prop::sample::select(TAG_VALUES), 0..3))
                .prop_map(|(name, v)| Note::Tag { name, value: v.concat() }),
        ]
    }

    /// Start positions: the standard one, Black to move late in a game,
    /// and a Chess960 one.
    pub const STARTS: &[(&str, CastlingMode)] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            CastlingMode::Standard,
        ),
        (
            "r3k2r/pp1n1ppp/2p5/8/3P4/2N5/PPP2PPP/R3K2R b KQkq - 4 40",
            CastlingMode::Standard,
        ),
        (
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            CastlingMode::Chess960,
        ),
    ];

    fn pick(tree: &GameTree, at: usize) -> NodeId {
        let ids: Vec<NodeId> = tree.descendants(GameTree::ROOT).collect();
        ids[at % ids.len()]
    }

    /// Builds a tree through the public API.
    pub fn build(start: usize, ops: &[Op], notes: &[Note]) -> GameTree {
        let (fen, mode) = STARTS[start % STARTS.len()];
        let setup = fen.parse().unwrap();
        let mut tree = GameTree::from_position(Position::from_setup(&setup, mode).unwrap());
        for op in ops {
            match *op {
                Op::Line { at, ref picks, how } => {
                    let mut node = pick(&tree, at);
                    for (i, &p) in picks.iter().enumerate() {
                        let position = tree.position(node);
                        let legal = position.legal_moves();
                        if legal.is_empty() {
                            break;
                        }
                        let mv = legal[usize::from(p) % legal.len()];
                        let way = (usize::from(how) + i) % 7;
                        let text = |n: WriteNotation| position.write_move(n, mv);
                        let added = match way {
                            0 => tree.add_variation(node, mv).ok(),
                            1 => tree.add_main_variation(node, mv).ok(),
                            2 => tree
                                .add_move_text(node, Notation::San, &text(Notation::San.into()))
                                .ok(),
                            3 => tree
                                .add_move_text(node, Notation::Uci, &text(Notation::Uci.into()))
                                .ok(),
                            4 => tree
                                .add_move_text(node, Notation::Lan, &text(Notation::Lan.into()))
                                .ok(),
                            5 => tree
                                .add_move_text(
                                    node,
                                    Notation::Eran,
                                    &text(WriteNotation::eran(Style::Short)),
                                )
                                .ok(),
                            _ => tree.add_line(node, [mv]).ok(),
                        };
                        let added = added.unwrap_or_else(|| {
                            panic!("way {way}: {mv:?} at {}", position.to_setup())
                        });
                        assert_eq!(tree[added].mv(), Some(mv));
                        assert_eq!(tree.parent(added), Some(node));
                        node = added;
                    }
                }
                Op::Null { at } => {
                    let node = pick(&tree, at);
                    if let Some(null) = tree.add_null_move(node) {
                        assert_eq!(tree.parent(null), Some(node));
                    } else {
                        assert!(tree.position(node).is_check());
                    }
                }
                Op::Promote { at } => {
                    tree.promote(pick(&tree, at));
                }
                Op::Demote { at } => {
                    tree.demote(pick(&tree, at));
                }
                Op::ToMain { at } => {
                    let node = pick(&tree, at);
                    tree.promote_to_main(node);
                    assert!(tree.is_main_variation(node));
                }
                Op::Remove { at } => {
                    let node = pick(&tree, at);
                    let before = tree.len();
                    let size = tree.descendants(node).count();
                    let removed = tree.remove(node);
                    assert_eq!(removed, node != GameTree::ROOT);
                    if removed {
                        assert_eq!(tree.len(), before - size);
                        assert!(!tree.contains(node));
                    }
                }
            }
        }
        for note in notes {
            match note {
                Note::Comment { at, text } => {
                    let node = pick(&tree, *at);
                    tree[node].comments.push(text.clone());
                }
                Note::Starting { at, text } => {
                    let node = pick(&tree, *at);
                    if !tree.is_main_variation(node) {
                        tree[node].starting_comments.push(text.clone());
                    }
                }
                Note::Nag { at, nag } => {
                    let node = pick(&tree, *at);
                    tree[node].nags.push(Nag(*nag));
                }
                Note::Eval { at, centipawns } => {
                    let node = pick(&tree, *at);
                    let eval = Eval {
                        score: Score::Centipawns(*centipawns),
                        depth: None,
                    };
                    tree[node].set_eval(eval);
                    assert_eq!(tree[node].eval(), Some(eval));
                }
                Note::Tag { name, value } => tree.set_tag(TAGS[*name], value),
            }
        }
        tree
    }

    /// A comment as the standard's writer leaves it: `}` dropped, runs of
    /// whitespace one space, no space at the ends.
    pub fn normal_comment(text: &str) -> String {
        text.replace('}', "")
            .split_ascii_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The tree with its comments as the standard's writer leaves them.
    pub fn normalised(tree: &GameTree) -> GameTree {
        let mut tree = tree.clone();
        let ids: Vec<NodeId> = tree.descendants(GameTree::ROOT).collect();
        for id in ids {
            let node = &mut tree[id];
            for c in node
                .comments
                .iter_mut()
                .chain(node.starting_comments.iter_mut())
            {
                *c = normal_comment(c);
            }
        }
        tree
    }

    /// What reading the standard's text back gives: the tags as written
    /// (the roster first, then the others in ASCII order), the result as
    /// the marker.
    pub fn expected_back(tree: &GameTree) -> GameTree {
        const ROSTER: [(&str, &str); 7] = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", "*"),
        ];
        let mut expected = normalised(tree);
        let result = tree.result().to_owned();
        let mut tags: Vec<(String, String)> = ROSTER
            .iter()
            .map(|&(name, unknown)| {
                let value = if name == "Result" {
                    result.as_str()
                } else {
                    tree.tag(name).unwrap_or(unknown)
                };
                (name.to_owned(), value.to_owned())
            })
            .collect();
        let mut others: Vec<(String, String)> = tree
            .tags
            .iter()
            .filter(|(n, _)| !ROSTER.iter().any(|(r, _)| r == n))
            .cloned()
            .collect();
        others.sort_by(|a, b| a.0.cmp(&b.0));
        tags.extend(others);
        expected.tags = tags;
        expected.marker = Some(GameResult::from_ascii(result.as_bytes()).unwrap());
        expected
    }

    pub fn read(text: &str, options: ReadOptions) -> GameTree {
        let mut trees = Reader::from_slice_with(text.as_bytes(), options).game_trees();
        let tree = trees.next().expect("a game");
        assert!(trees.next().is_none(), "one game");
        assert!(tree.errors.is_empty(), "{:?}\n{text}", tree.errors);
        tree
    }

    /// `PROPTEST_CASES` if set, else `default`.
    pub fn cases(default: u32) -> u32 {
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(default)
    }

    pub fn uci_read() -> ReadOptions {
        ReadOptions::DEFAULT.with_leniency(PgnLeniency::UciMoves)
    }

    /// The ways of writing checked for idempotence, and how to read each
    /// back (`None`: the reader does not read that notation).
    pub fn writings() -> Vec<(WriteOptions, Option<ReadOptions>)> {
        let crlf = WriteOptions {
            line_ending: LineEnding::CrLf,
            ..WriteOptions::STANDARD
        };
        let mut all = vec![
            (WriteOptions::STANDARD, Some(ReadOptions::DEFAULT)),
            (WriteOptions::PYTHON_CHESS, Some(ReadOptions::DEFAULT)),
            (
                WriteOptions::STANDARD.columns(None),
                Some(ReadOptions::DEFAULT),
            ),
            (
                WriteOptions::PYTHON_CHESS.columns(None),
                Some(ReadOptions::DEFAULT),
            ),
            (crlf, Some(ReadOptions::DEFAULT)),
            (
                WriteOptions {
                    line_ending: LineEnding::CrLf,
                    ..WriteOptions::PYTHON_CHESS
                },
                Some(ReadOptions::DEFAULT),
            ),
            (WriteOptions::REDUCED, Some(ReadOptions::DEFAULT)),
        ];
        for notation in WriteNotation::ALL {
            let read = match notation.notation() {
                Notation::San => Some(ReadOptions::DEFAULT),
                Notation::Uci => Some(uci_read()),
                Notation::Lan | Notation::Eran => None,
            };
            all.push((WriteOptions::STANDARD.notation(notation), read));
            all.push((WriteOptions::PYTHON_CHESS.notation(notation), read));
        }
        all
    }

    /// The streaming writer over `text`.
    pub fn stream(text: &str, options: WriteOptions, read: ReadOptions) -> String {
        let mut reader = Reader::from_slice_with(text.as_bytes(), read);
        let mut writer = PgnWriter::with_read_options(options, read).replay(true);
        let errors = reader.read_game(&mut writer).unwrap().expect("a game");
        assert!(errors.is_empty(), "{errors:?}");
        assert!(reader.read_game(&mut writer).unwrap().is_none());
        writer.take_output()
    }
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: random::cases(256), .. ProptestConfig::default() })]

    #[test]
    fn random_trees_read_back_as_written(
        start in 0..random::STARTS.len(),
        ops in prop::collection::vec(random::op(), 0..14),
        notes in prop::collection::vec(random::note(), 0..24),
    ) {
        let tree = random::build(start, &ops, &notes);
        let text = tree.to_pgn(&WriteOptions::STANDARD);
        let back = random::read(&text, chessnote::pgn::ReadOptions::DEFAULT);
        let expected = random::expected_back(&tree);
        prop_assert_eq!(&random::normalised(&back), &expected, "{}", text);
        prop_assert_eq!(back.len(), tree.len());
        prop_assert_eq!(back.start(), tree.start());
        // Lines under 80 characters (these comments have no word as long
        // as a line but one).
        for l in text.lines() {
            prop_assert!(
                l.chars().count() < 80 || !l.contains(' ') || l.contains("averyvery"),
                "{:?}\n{}", l, text
            );
        }
    }

    #[test]
    fn writing_what_was_read_gives_the_same_text(
        start in 0..random::STARTS.len(),
        ops in prop::collection::vec(random::op(), 0..14),
        notes in prop::collection::vec(random::note(), 0..24),
    ) {
        let tree = random::build(start, &ops, &notes);
        // python-chess reads tag values without decoding escapes: its
        // style is checked on tags without `"` and `\`.
        let mut plain = tree.clone();
        for (_, v) in &mut plain.tags {
            v.retain(|c| c != '"' && c != '\\');
        }
        // Nor does it read back a comment of nothing but `}` and spaces:
        // it writes `{  }` and reads that as no comment.
        let ids: Vec<NodeId> = plain.descendants(GameTree::ROOT).collect();
        for id in ids {
            let node = &mut plain[id];
            for list in [&mut node.comments, &mut node.starting_comments] {
                list.retain(|c| !c.replace('}', "").trim().is_empty());
            }
        }
        for (options, read) in random::writings() {
            if options.tags == chessnote::pgn::TagSelection::Roster && start != 0 {
                // BUG (see `reduced_export_keeps_the_start_position`).
                continue;
            }
            let tree = if options.style == chessnote::pgn::Style::PythonChess { &plain } else { &tree };
            let text = tree.to_pgn(&options);
            let again = match read {
                Some(read) => random::read(&text, read),
                // The reader reads SAN and UCI only: read the same text
                // in SAN instead.
                None => random::read(&tree.to_pgn(&options.notation(Notation::San.into())), chessnote::pgn::ReadOptions::DEFAULT),
            };
            prop_assert_eq!(&again.to_pgn(&options), &text, "{:?}", options);
            if options.variations {
                prop_assert_eq!(again.len(), tree.len());
            }
        }
    }

    #[test]
    fn the_streaming_writer_writes_what_the_tree_writer_does(
        start in 0..random::STARTS.len(),
        ops in prop::collection::vec(random::op(), 0..14),
        notes in prop::collection::vec(random::note(), 0..24),
    ) {
        let mut tree = random::build(start, &ops, &notes);
        // The sources: the standard's text, python-chess's (with tag values
        // it can read back) and UCI's.
        for (_, v) in &mut tree.tags {
            v.retain(|c| c != '"' && c != '\\');
        }
        let uci = WriteOptions::STANDARD.notation(Notation::Uci.into());
        for (source, read) in [
            (WriteOptions::STANDARD, chessnote::pgn::ReadOptions::DEFAULT),
            (WriteOptions::PYTHON_CHESS, chessnote::pgn::ReadOptions::DEFAULT),
            (uci, random::uci_read()),
        ] {
            let text = tree.to_pgn(&source);
            let back = random::read(&text, read);
            for (options, _) in random::writings() {
                let streamed = random::stream(&text, options, read);
                prop_assert_eq!(&streamed, &back.to_pgn(&options), "{:?}\n{}", options, text);
            }
        }
    }
}

#[test]
fn reduced_export_keeps_the_start_position() {
    let setup = "4k3/8/8/8/8/8/4P3/4K2R b K - 3 40".parse().unwrap();
    let start = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    let mut tree = GameTree::from_position(start);
    let kd7 = san(&mut tree, GameTree::ROOT, "Kd7");
    san(&mut tree, kd7, "O-O");
    let text = tree.to_pgn(&WriteOptions::REDUCED);
    let back = Reader::from_slice(text.as_bytes())
        .game_trees()
        .next()
        .unwrap();
    assert!(back.errors.is_empty(), "{text}\n{:?}", back.errors);
    assert_eq!(back.start(), tree.start());
    assert_eq!(back.mainline().count(), 2, "{text}");
}

/// Reads one game back, with no errors.
fn read_back(text: &str) -> GameTree {
    let tree = Reader::from_slice(text.as_bytes())
        .game_trees()
        .next()
        .unwrap();
    assert!(tree.errors.is_empty(), "{text}\n{:?}", tree.errors);
    tree
}

#[test]
fn a_comment_that_mentions_an_event_tag_reads_back() {
    for padding in 1..80 {
        let comment = format!("{} [Event \"x\"] was the tag", "a".repeat(padding));
        let mut tree = GameTree::new();
        let e4 = san(&mut tree, GameTree::ROOT, "e4");
        tree[e4].comments.push(comment.clone());
        let text = tree.to_pgn(&WriteOptions::STANDARD);
        let back = read_back(&text);
        let e4 = back.mainline().next().unwrap();
        assert_eq!(back[e4].comments.len(), 1, "{text}");
        assert_eq!(
            random::normal_comment(&back[e4].comments[0]),
            comment,
            "{text}"
        );
    }
}

#[test]
fn an_unclosed_command_does_not_glue_a_comment_into_one_long_line() {
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    let comment = format!("[%x {}", "word ".repeat(40));
    tree[e4].comments.push(comment.clone());
    // `commands` sees no command in it: it is text.
    assert_eq!(chessnote::pgn::commands::commands(&comment).count(), 0);
    let text = tree.to_pgn(&WriteOptions::STANDARD);
    for line in text.lines() {
        assert!(line.len() < 80, "{line:?}");
    }
    let back = read_back(&text);
    let e4 = back.mainline().next().unwrap();
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(&back[e4].comments[0]), words(&comment));
}

// ---------------------------------------------------------------------
// Deep games, on the test thread's own stack (2 MiB unless
// RUST_MIN_STACK says otherwise): nothing may recurse per ply or per
// variation.

/// Plies of the deep games.
const DEEP: usize = 100_000;

/// Runs `test` on a thread with a test thread's default stack, 2 MiB,
/// whatever `RUST_MIN_STACK` says.
fn on_a_2_mib_stack(test: impl FnOnce() + Send + 'static) {
    let thread = std::thread::Builder::new()
        .name("2 MiB".into())
        .stack_size(2 << 20)
        .spawn(test)
        .unwrap();
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
}

/// Read options for games `depth` variations deep.
fn deep_read(depth: usize) -> chessnote::pgn::ReadOptions {
    let mut options = chessnote::pgn::ReadOptions::DEFAULT;
    options.limits.max_depth = depth;
    options
}

#[test]
fn a_game_of_100_000_plies() {
    on_a_2_mib_stack(|| {
        let mut tree = GameTree::new();
        let last = knight_shuffle(&mut tree, DEEP);
        assert_eq!(tree.len(), DEEP + 1);
        assert_eq!(tree.mainline().count(), DEEP);
        assert_eq!(tree.mainline_moves().count(), DEEP);
        assert_eq!(tree.descendants(GameTree::ROOT).count(), DEEP + 1);
        assert_eq!(tree.end(GameTree::ROOT), last);
        assert_eq!(tree.ply(last), DEEP);
        assert!(tree.is_mainline(last));
        // The halfmove clock has passed u16::MAX: it stays there.
        let end = tree.position(last);
        assert_eq!(end.halfmoves(), u16::MAX);
        assert_eq!(end.fullmoves(), 50_001);
        assert_eq!(end.to_setup().board, Position::new().to_setup().board);
        // One more move and a variation at the very end.
        let nf3 = san(&mut tree, last, "Nf3");
        san(&mut tree, last, "Nc3");
        tree[nf3].comments.push("the end".into());
        tree[nf3].nags.push(Nag(1));
        assert_eq!(tree.len(), DEEP + 3);

        let text = tree.to_pgn(&WriteOptions::STANDARD);
        assert!(text.starts_with(&format!("{ROSTER}1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6")));
        assert!(
            text.ends_with("50000. Ng1 Ng8 50001. Nf3 $1 { the end } ( 50001. Nc3 ) *\n"),
            "{}",
            &text[text.len() - 200..]
        );
        assert!(text.lines().all(|l| l.len() < 80));
        let python = tree.to_pgn(&WriteOptions::PYTHON_CHESS);
        assert_eq!(python, text, "the two styles agree on this game");
        let one_line = tree.to_pgn(&WriteOptions::STANDARD.columns(None));
        assert_eq!(one_line.lines().count(), 9);

        let back = read_back(&text);
        assert_eq!(random::normalised(&back), random::expected_back(&tree));
        assert_eq!(back.to_pgn(&WriteOptions::STANDARD), text);
        assert_eq!(read_back(&one_line).to_pgn(&WriteOptions::STANDARD), text);
        for options in [WriteOptions::STANDARD, WriteOptions::PYTHON_CHESS] {
            assert_eq!(
                random::stream(&text, options, chessnote::pgn::ReadOptions::DEFAULT),
                text,
                "{:?}",
                options.style
            );
        }

        let copy = back.clone();
        assert_eq!(copy, back);
        drop(back);
        let mut copy = copy;
        // Removing the whole game at once.
        let first = copy.main_child(GameTree::ROOT).unwrap();
        assert!(copy.remove(first));
        assert_eq!(copy.len(), 1);
        drop(copy);
        drop(tree);
    });
}

/// The text of a game whose variations nest `depth` deep, each inside the
/// one before: `1. a3 ( 1. Nf3 a6 ( 1... Nf6 2. a3 ( 2. Ng1 a6 ( … ) ) ) )`,
/// on one line, as the standard's writer writes it.
fn nested_text(depth: usize) -> String {
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut out = String::from(ROSTER);
    for ply in 0..depth {
        let number = ply / 2 + 1;
        let white = ply % 2 == 0;
        // The main move, a pawn's step (Black's after a move of the line:
        // no number), then the variation, a knight's move.
        if white {
            out.push_str(&format!("{number}. a3 ( {number}. "));
        } else {
            out.push_str(&format!("a6 ( {number}... "));
        }
        out.push_str(shuffle[ply % 4]);
        out.push(' ');
    }
    for _ in 0..depth {
        out.push_str(") ");
    }
    out.push_str("*\n");
    out
}

/// The same game built through the tree's API (each add replays from the
/// root: quadratic, so for small depths only).
fn nested_tree(depth: usize) -> (GameTree, NodeId) {
    let mut tree = GameTree::new();
    let mut node = GameTree::ROOT;
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for ply in 0..depth {
        let pawn = if ply % 2 == 0 { "a3" } else { "a6" };
        san(&mut tree, node, pawn);
        node = san(&mut tree, node, shuffle[ply % 4]);
    }
    (tree, node)
}

#[test]
fn nested_variations_built_and_read_are_the_same() {
    let depth = 1_000;
    let (mut built, deepest) = nested_tree(depth);
    assert_eq!(built.ply(deepest), depth);
    let text = nested_text(depth);
    assert_eq!(built.to_pgn(&WriteOptions::STANDARD.columns(None)), text);
    let read = Reader::from_slice_with(text.as_bytes(), deep_read(depth))
        .game_trees()
        .next()
        .unwrap();
    assert!(read.errors.is_empty(), "{:?}", read.errors);
    built.tags = read.tags.clone();
    built.marker = read.marker;
    assert_eq!(read, built);
    // One level short of the limit: the deepest variation is skipped, and
    // that is reported.
    let short = Reader::from_slice_with(text.as_bytes(), deep_read(depth - 1))
        .game_trees()
        .next()
        .unwrap();
    assert!(!short.errors.is_empty());
    assert_eq!(short.len(), read.len() - 1);
}

#[test]
fn a_game_of_100_000_nested_variations() {
    on_a_2_mib_stack(|| {
        let text = nested_text(DEEP);
        let tree = Reader::from_slice_with(text.as_bytes(), deep_read(DEEP))
            .game_trees()
            .next()
            .unwrap();
        assert!(tree.errors.is_empty(), "{:?}", &tree.errors[..1]);
        assert_eq!(tree.len(), 2 * DEEP + 1);
        assert_eq!(tree.mainline().count(), 1);
        assert_eq!(tree.descendants(GameTree::ROOT).count(), 2 * DEEP + 1);
        // Down the variations to the deepest move.
        let mut node = GameTree::ROOT;
        let mut depth = 0;
        while let Some(variation) = tree.variations(node).nth(1) {
            assert_eq!(tree.variations(node).count(), 2);
            node = variation;
            depth += 1;
        }
        assert_eq!(depth, DEEP);
        assert_eq!(tree.ply(node), DEEP);
        assert_eq!(tree.end(node), node);
        assert!(!tree.is_mainline(node) && !tree.is_main_variation(node));
        assert_eq!(tree.descendants(node).count(), 1);
        let end = tree.position(node);
        assert_eq!(end.halfmoves(), u16::MAX);
        assert_eq!(end.fullmoves(), 50_001);

        assert_eq!(tree.to_pgn(&WriteOptions::STANDARD.columns(None)), text);
        let standard = tree.to_pgn(&WriteOptions::STANDARD);
        assert!(standard.lines().all(|l| l.len() < 80));
        let python = tree.to_pgn(&WriteOptions::PYTHON_CHESS);
        assert_eq!(python, standard, "no NAG, no comment: the two styles agree");
        let back = Reader::from_slice_with(standard.as_bytes(), deep_read(DEEP))
            .game_trees()
            .next()
            .unwrap();
        assert!(back.errors.is_empty());
        assert_eq!(back, tree);
        assert_eq!(
            random::stream(&standard, WriteOptions::STANDARD, deep_read(DEEP)),
            standard
        );
        // The python-chess style holds the variations of the first move
        // back to the end (no walk recurses).
        assert_eq!(
            random::stream(&standard, WriteOptions::PYTHON_CHESS, deep_read(DEEP)),
            python
        );

        let copy = back.clone();
        assert_eq!(copy, tree);
        drop(back);
        let mut copy = copy;
        let first_variation = copy.variations(GameTree::ROOT).nth(1).unwrap();
        assert!(copy.remove(first_variation));
        assert_eq!(copy.len(), 2);
        drop(copy);
        drop(tree);
    });
}

#[test]
fn starting_comments_are_written_before_the_move_wherever_they_are() {
    // python-chess 1.11.2 writes a node's starting comment wherever the
    // node is (and no NAG of the game).
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    tree[e4].starting_comments.push("main start".into());
    let e5 = san(&mut tree, e4, "e5");
    tree[e5].starting_comments.push("e5 start".into());
    let c5 = san(&mut tree, e4, "c5");
    tree[c5].starting_comments.push("c5 start".into());
    let nf3 = san(&mut tree, c5, "Nf3");
    tree[nf3]
        .starting_comments
        .extend(["nf3".into(), "start".into()]);
    tree[GameTree::ROOT].nags.push(Nag(5));
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::PYTHON_CHESS.columns(None))),
        "{ main start } 1. e4 { e5 start } 1... e5 ( { c5 start } 1... c5 { nf3 start } 2. Nf3 ) *\n"
    );
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::STANDARD.columns(None))),
        "$5 { main start } 1. e4 { e5 start } 1... e5 ( { c5 start } 1... c5 { nf3 } { start } 2. Nf3 ) *\n"
    );
    // Read back, a starting comment that does not start a variation is a
    // comment of the move before (python-chess reads it so too).
    let back = read_back(&tree.to_pgn(&WriteOptions::STANDARD));
    let e4 = back.mainline().next().unwrap();
    assert_eq!(back[GameTree::ROOT].comments, [" main start "]);
    assert_eq!(back[e4].comments, [" e5 start "]);
    let c5 = back.variations(e4).nth(1).unwrap();
    assert_eq!(back[c5].starting_comments, [" c5 start "]);
    assert_eq!(back[c5].comments, [" nf3 ", " start "]);
}

#[test]
fn adding_after_a_removed_node_is_refused() {
    let (mut tree, [_, d4, ..]) = four_openings();
    assert!(tree.remove(d4));
    assert!(!tree.contains(d4));
    let len = tree.len();
    let start = Position::new();
    let added = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        tree.add_variation(d4, mv(&start, "e4"))
    }));
    // Either a panic (as indexing promises for an id not in the tree) or
    // an error; never a node that cannot be reached.
    if let Ok(Ok(id)) = added {
        panic!(
            "added {id:?}: len {} (was {len}), reachable {}",
            tree.len(),
            tree.descendants(GameTree::ROOT).count()
        );
    }
    assert_eq!(tree.len(), tree.descendants(GameTree::ROOT).count());
}

#[test]
#[should_panic]
fn indexing_with_a_removed_id_panics() {
    let (mut tree, [_, d4, ..]) = four_openings();
    tree[d4].comments.push("queen's pawn".into());
    assert!(tree.remove(d4));
    let _ = &tree[d4];
}

/// The streaming writer (replaying) over `text`, and the tree writer
/// over the tree read from it: their movetexts.
fn both_writers(text: &str, options: WriteOptions) -> (String, String) {
    let streamed = random::stream(text, options, chessnote::pgn::ReadOptions::DEFAULT);
    let tree = read_back(text);
    (
        movetext(&streamed).to_owned(),
        movetext(&tree.to_pgn(&options)).to_owned(),
    )
}

#[test]
fn the_streaming_writer_keeps_a_comment_after_a_variation_where_it_is() {
    // The difference the docs of PgnWriter name: in a tree, a comment
    // after `)` belongs to the move before the variation.
    let (streamed, tree) = both_writers("1. e4 ( 1. d4 ) {after} e5 *", WriteOptions::STANDARD);
    assert_eq!(streamed, "1. e4 ( 1. d4 ) { after } 1... e5 *\n");
    assert_eq!(tree, "1. e4 { after } ( 1. d4 ) 1... e5 *\n");
    // Elsewhere they agree.
    for text in [
        "{a} $4 {b} 1. e4 *",
        "1. e4 $1 $1 $2 {x}{y} e5 (1... c5 {z} 2. Nf3 (2. c3) d6) 2. Nf3 *",
        "1. e4 e5 ({start} 1... c5 $2) 2. Nf3 *",
    ] {
        for options in [WriteOptions::STANDARD, WriteOptions::PYTHON_CHESS] {
            let (streamed, tree) = both_writers(text, options);
            assert_eq!(streamed, tree, "{text} {:?}", options.style);
        }
    }
}

#[test]
fn the_streaming_writer_writes_what_follows_a_parenthesis_where_it_comes() {
    // As `PgnWriter`'s documentation says: a NAG after `)` or right after
    // `(`, and an empty variation, stay where they are in the stream; a
    // tree moves the NAGs to the move before and has no empty variation.
    for (text, streamed_movetext, tree_movetext) in [
        (
            "1. e4 ( 1. d4 ) $1 e5 *",
            "1. e4 ( 1. d4 ) $1 1... e5 *",
            "1. e4 $1 ( 1. d4 ) 1... e5 *",
        ),
        (
            "1. e4 e5 ( $3 1... c5 ) *",
            "1. e4 e5 ( $3 1... c5 ) *",
            "1. e4 $3 1... e5 ( 1... c5 ) *",
        ),
        ("1. e4 ( ) e5 *", "1. e4 ( ) 1... e5 *", "1. e4 e5 *"),
    ] {
        let (streamed, tree) = both_writers(text, WriteOptions::STANDARD);
        assert_eq!(streamed, format!("{streamed_movetext}\n"), "{text}");
        assert_eq!(tree, format!("{tree_movetext}\n"), "{text}");
    }
}

/// The streaming writer (replaying) over `text`, whatever its errors, and
/// the tree writer over its tree: their movetexts.
fn both_writers_with_errors(text: &str, options: WriteOptions) -> (String, String) {
    let read = chessnote::pgn::ReadOptions::DEFAULT;
    let mut writer = chessnote::pgn::PgnWriter::with_read_options(options, read).replay(true);
    let mut reader = Reader::from_slice(text.as_bytes());
    reader.read_game(&mut writer).unwrap().expect("a game");
    let tree = Reader::from_slice(text.as_bytes())
        .game_trees()
        .next()
        .unwrap();
    (
        movetext(writer.output()).to_owned(),
        movetext(&tree.to_pgn(&options)).to_owned(),
    )
}

#[test]
fn in_the_python_chess_style_the_streaming_writer_puts_everything_where_a_tree_does() {
    // What python-chess 1.11.2 writes for each text (`StringExporter(
    // headers=False)`): comments and NAGs after `)` go to the move before
    // the variation, a NAG right after `(` to the move before that one,
    // the comments of a variation with no move to the move it branches
    // from; an empty variation is gone; a variation of a variation's first
    // move is one more variation after it; the game's NAGs are not written.
    for (text, python_chess) in [
        (
            "1. e4 ( 1. d4 ) {after} e5 *",
            "1. e4 { after } ( 1. d4 ) 1... e5 *",
        ),
        ("1. e4 ( 1. d4 ) $1 e5 *", "1. e4 $1 ( 1. d4 ) 1... e5 *"),
        ("1. e4 e5 ( $3 1... c5 ) *", "1. e4 $3 e5 ( 1... c5 ) *"),
        ("1. e4 ( ) e5 *", "1. e4 e5 *"),
        ("1. e4 e5 ( {only} ) 2. Nf3 *", "1. e4 e5 { only } 2. Nf3 *"),
        (
            "1. e4 e5 ( 1... c5 ( 1... e6 ) 2. Nf3 ) 2. Nf3 *",
            "1. e4 e5 ( 1... c5 2. Nf3 ) ( 1... e6 ) 2. Nf3 *",
        ),
        (
            "1. e4 e5 2. Nf3 ( 2. Nc3 {x} ( 2. Bc4 $1 ) Nc6 $2 {y} ) {z} $4 Nc6 \
             ( $6 {w} 2... d6 ) 3. Bb5 *",
            "1. e4 e5 2. Nf3 $4 $6 { z } ( 2. Nc3 { x } 2... Nc6 $2 { y } ) ( 2. Bc4 $1 )\n\
             2... Nc6 ( { w } 2... d6 ) 3. Bb5 *",
        ),
        (
            "{game} 1. d4 ( {start} $2 1. e4 {e4} ) d5 *",
            "{ game } 1. d4 ( { start } 1. e4 { e4 } ) 1... d5 *",
        ),
    ] {
        let (streamed, tree) = both_writers(text, WriteOptions::PYTHON_CHESS);
        assert_eq!(tree, format!("{python_chess}\n"), "{text}");
        assert_eq!(streamed, tree, "{text}");
    }
    // Where python-chess reads otherwise (parentheses with no move of their
    // own, a variation before the first move, moves that do not replay),
    // the streaming writer still writes the tree's text; with variations
    // left out, the annotations they move stay where the tree has them.
    let styles = [
        WriteOptions::PYTHON_CHESS,
        WriteOptions::PYTHON_CHESS.columns(None),
        WriteOptions {
            variations: false,
            ..WriteOptions::PYTHON_CHESS
        },
    ];
    for text in [
        "1. e4 e5 ( ( 1... d5 ) {c} ) *",
        "1. e4 ( ( ( 1. d4 ) ) $1 ) e5 *",
        "1. e4 e5 ( ( 1... c5 ) 1... d5 ) ( ( {x} ) ) *",
        "( {a} 1. d4 ) {b} 1. e4 e5 *",
        "1. e4 e5 ( 1... c5 2. Ke3 {bad} 2. Nf3 ( 2. Nc3 ) ) 2. Nf3 *",
        "1. e4 e5 2. Qxf7 {x} ( 2. Nf3 ) $1 3. Nf3 {y} *",
        "1. e4 e5 ( 1... c5 ( $2 ( $3 1... e6 ) ) ) *",
    ] {
        for options in styles {
            let (streamed, tree) = both_writers_with_errors(text, options);
            assert_eq!(streamed, tree, "{text} {options:?}");
        }
    }
}

#[test]
fn a_tag_value_with_a_line_break_is_written_so_that_it_reads_back() {
    let mut tree = GameTree::new();
    san(&mut tree, GameTree::ROOT, "e4");
    tree.set_tag("Event", "first line\nsecond\tline");
    let text = tree.to_pgn(&WriteOptions::STANDARD);
    let back: Vec<GameTree> = Reader::from_slice(text.as_bytes()).game_trees().collect();
    assert_eq!(back.len(), 1, "{text}");
    assert!(back[0].errors.is_empty(), "{text}\n{:?}", back[0].errors);
    assert_eq!(back[0].mainline().count(), 1, "{text}");
}

#[test]
fn a_game_from_a_position_with_black_to_move_castling_and_a_null_move() {
    let setup = "r3k2r/pp1n1ppp/2p5/8/3P4/2N5/PPP2PPP/R3K2R b KQkq - 4 40"
        .parse()
        .unwrap();
    let start = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    let mut tree = GameTree::from_position(start);
    tree[GameTree::ROOT].comments.push("Black to move".into());
    let long = san(&mut tree, GameTree::ROOT, "O-O-O");
    tree[long].nags.extend([Nag(4), Nag(2)]);
    let short = san(&mut tree, GameTree::ROOT, "O-O");
    tree[short].comments.push("short".into());
    let null = tree.add_null_move(long).unwrap();
    san(&mut tree, null, "Rde8+");
    san(&mut tree, long, "d5");
    // python-chess 1.11.2 writes this movetext (its tags: see
    // `a_tree_from_a_position_has_python_chess_tag_order`).
    assert_eq!(
        movetext(&tree.to_pgn(&WriteOptions::PYTHON_CHESS)),
        "{ Black to move } 40... O-O-O $2 $4 ( 40... O-O { short } ) 41. -- ( 41. d5 )\n\
         41... Rde8+ *\n"
    );
    assert_eq!(
        tree.to_pgn(&WriteOptions::STANDARD),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\
         [FEN \"r3k2r/pp1n1ppp/2p5/8/3P4/2N5/PPP2PPP/R3K2R b KQkq - 4 40\"]\n[SetUp \"1\"]\n\n\
         { Black to move } 40... O-O-O $4 $2 ( 40... O-O { short } ) 41. -- ( 41. d5 )\n\
         41... Rde8+ *\n"
    );
    let back = read_back(&tree.to_pgn(&WriteOptions::STANDARD));
    assert_eq!(back.start(), tree.start());
    assert_eq!(back.len(), tree.len());
    assert_eq!(
        back.to_pgn(&WriteOptions::STANDARD),
        tree.to_pgn(&WriteOptions::STANDARD)
    );
}

#[test]
fn clock_and_eval_read_the_first_command_that_reads() {
    let mut tree = GameTree::new();
    let e4 = san(&mut tree, GameTree::ROOT, "e4");
    tree[e4].comments = vec![
        "first".into(),
        "[%clk x] [%eval 1.234] ok [%clk 1:00:00] [%eval #-3,12] end".into(),
        "[%clk 0:00:01]".into(),
    ];
    assert_eq!(tree[e4].clock(), Some(Centis(360_000)));
    assert_eq!(
        tree[e4].eval(),
        Some(Eval {
            score: Score::Mate(-3),
            depth: Some(12)
        })
    );
    tree[e4].comments.remove(1);
    assert_eq!(tree[e4].clock(), Some(Centis(100)));
    assert_eq!(tree[e4].eval(), None);
    // Starting comments are not the move's comments.
    tree[e4].comments.clear();
    tree[e4].starting_comments.push("[%clk 0:00:01]".into());
    assert_eq!(tree[e4].clock(), None);
    // The root's comments are read as any node's.
    tree[GameTree::ROOT].comments.push("[%eval 0.30]".into());
    assert_eq!(
        tree[GameTree::ROOT].eval(),
        Some(Eval {
            score: Score::Centipawns(30),
            depth: None
        })
    );
}
