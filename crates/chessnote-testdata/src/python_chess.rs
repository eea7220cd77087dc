//! What tests share about python-chess, the reference oracle: how it
//! presents tags, and the hash its vectors keep of the large corpus's moves.

/// python-chess's headers of a game with these tag pairs: the Seven Tag
/// Roster first with its defaults, then the other tags where they first
/// appear, each with its last value.
pub fn python_headers(tags: &[(String, String)]) -> Vec<(String, String)> {
    const ROSTER: [(&str, &str); 7] = chessnote::pgn::tags::SEVEN_TAG_ROSTER_UNKNOWN;
    let mut out: Vec<(String, String)> = ROSTER
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    for (name, value) in tags {
        match out.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.clone(),
            None => out.push((name.clone(), value.clone())),
        }
    }
    out
}

/// A tag value as python-chess keeps it (the standard's `\"` and `\\`
/// left as written), decoded as chessnote decodes it.
pub fn python_tag_value(value: &str) -> String {
    let mut out = String::new();
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The SHA-1 of `data`, in lowercase hex (the python-chess vectors of the
/// large corpus store a hash of each game's moves).
pub fn sha1_hex(data: &[u8]) -> String {
    let mut h: [u32; 5] = [
        0x6745_2301,
        0xEFCD_AB89,
        0x98BA_DCFE,
        0x1032_5476,
        0xC3D2_E1F0,
    ];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&(data.len() as u64 * 8).to_be_bytes());
    for block in message.chunks(64) {
        let mut w = [0u32; 80];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, &word) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(word);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha1_of_known_strings() {
        // FIPS 180 examples.
        assert_eq!(sha1_hex(b"abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(sha1_hex(b""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    }

    #[test]
    fn python_chess_headers_and_values() {
        let tags = vec![
            ("White".to_string(), "A".to_string()),
            ("X".to_string(), "1".to_string()),
            ("X".to_string(), "2".to_string()),
        ];
        let headers = python_headers(&tags);
        assert_eq!(headers[4], ("White".to_string(), "A".to_string()));
        assert_eq!(headers[7], ("X".to_string(), "2".to_string()));
        assert_eq!(headers.len(), 8);
        assert_eq!(python_tag_value(r#"a \"b\" \\ \n"#), r#"a "b" \ \n"#);
    }
}
