//! Zobrist keys: one per (colour, point), one for the side to move, one per (colour,
//! pieces in hand). Fixed at compile time so that hashes are the same on every run and
//! every device (saved games and tests can rely on them).

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub struct Keys {
    pub piece: [[u64; 24]; 2],
    pub hand: [[u64; 13]; 2],
    pub black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut keys = Keys { piece: [[0; 24]; 2], hand: [[0; 13]; 2], black_to_move: 0 };
    let mut state = 0x000D_0C0D_E7A5_u64;
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 24 {
            let (s, v) = splitmix(state);
            state = s;
            keys.piece[c][p] = v;
            p += 1;
        }
        let mut h = 0;
        while h < 13 {
            let (s, v) = splitmix(state);
            state = s;
            keys.hand[c][h] = v;
            h += 1;
        }
        c += 1;
    }
    let (_, v) = splitmix(state);
    keys.black_to_move = v;
    keys
}

pub static KEYS: Keys = make_keys();
