//! The file of one table: a versioned header, the values, two bits a position, and the
//! distances to conversion, a byte a position.
//!
//! The file: `SSDB`, the format version (u16), the length of the variant's name (u8) and the
//! name, the slice (White's men, White's kings, Black's men, Black's kings, each a u8, and
//! the side to move, 0 White or 1 Black), the number of positions (u64), then the values as
//! [`Table`] holds them, then the distances ([`Table::plies`]); all little-endian. (Format 1
//! had no distances.)

use crate::color::Color;
use crate::variant::Variant;

use super::index::{Indexer, MAX_SLICE_PIECES, Slice};
use super::table::Table;

/// The version of the table file's format: a file of another version is refused.
pub const FORMAT_VERSION: u16 = 2;

/// The first bytes of a table file.
const MAGIC: &[u8; 4] = b"SSDB";

/// Why a table file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// It does not start with the format's mark.
    #[error("not a scoresheet endgame table (it does not start with SSDB)")]
    NotTable,
    /// It is of another version of the format.
    #[error("endgame table format {found}, this build reads format {FORMAT_VERSION}")]
    Version {
        /// The file's version.
        found: u16,
    },
    /// Its variant is not known, or not the one asked for.
    #[error("endgame table for the variant {found:?} where {expected:?} was asked for")]
    Variant {
        /// The file's variant name.
        found: String,
        /// The variant asked for.
        expected: String,
    },
    /// Its slice cannot be: a side without pieces, or too many pieces.
    #[error("endgame table of an impossible slice")]
    Slice,
    /// It ends early or goes on after its values.
    #[error("endgame table file of {found} bytes where its slice needs {expected}")]
    Length {
        /// The file's length.
        found: usize,
        /// The length its slice needs.
        expected: usize,
    },
}

/// The file of `table`, made for `variant`.
pub fn to_bytes(variant: &Variant, table: &Table) -> Vec<u8> {
    let name = variant.name.as_bytes();
    let s = table.slice();
    let values = table.bytes().len() + table.plies_bytes().len();
    let mut out = Vec::with_capacity(4 + 2 + 1 + name.len() + 5 + 8 + values);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    out.extend_from_slice(&[
        s.white_men,
        s.white_kings,
        s.black_men,
        s.black_kings,
        u8::from(s.side == Color::Black),
    ]);
    out.extend_from_slice(&table.len().to_le_bytes());
    out.extend_from_slice(table.bytes());
    out.extend_from_slice(table.plies_bytes());
    out
}

/// Reads a table file made for `variant`.
pub fn from_bytes(variant: &Variant, bytes: &[u8]) -> Result<Table, TableError> {
    if bytes.len() < 7 || &bytes[..4] != MAGIC {
        return Err(TableError::NotTable);
    }
    let found = u16::from_le_bytes([bytes[4], bytes[5]]);
    if found != FORMAT_VERSION {
        return Err(TableError::Version { found });
    }
    let name_len = usize::from(bytes[6]);
    let head = 7 + name_len + 5 + 8;
    if bytes.len() < head {
        return Err(TableError::Length {
            found: bytes.len(),
            expected: head,
        });
    }
    let name = String::from_utf8_lossy(&bytes[7..7 + name_len]).into_owned();
    if name != variant.name {
        return Err(TableError::Variant {
            found: name,
            expected: variant.name.to_string(),
        });
    }
    let s = &bytes[7 + name_len..7 + name_len + 5];
    let slice = Slice {
        white_men: s[0],
        white_kings: s[1],
        black_men: s[2],
        black_kings: s[3],
        side: match s[4] {
            0 => Color::White,
            1 => Color::Black,
            _ => return Err(TableError::Slice),
        },
    };
    if slice.pieces() > MAX_SLICE_PIECES
        || slice.pieces_of(Color::White) == 0
        || slice.pieces_of(Color::Black) == 0
    {
        return Err(TableError::Slice);
    }
    let count = &bytes[head - 8..head];
    let count = u64::from_le_bytes(count.try_into().expect("eight bytes"));
    let len = Indexer::new(variant.size, slice).len();
    let values = head + Table::bytes_for(len);
    let expected = values + len as usize;
    if count != len || bytes.len() != expected {
        return Err(TableError::Length {
            found: bytes.len(),
            expected,
        });
    }
    let (wdl, plies) = (bytes[head..values].to_vec(), bytes[values..].to_vec());
    Ok(Table::from_bytes(variant.size, slice, wdl, plies).expect("length checked"))
}

/// The file name of a table: the variant's name and the slice's, such as
/// `international-1m0k-0m1k-w.wdl`.
pub fn file_name(variant: &Variant, slice: Slice) -> String {
    format!("{}-{}.wdl", variant.name, slice.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egdb::Wdl;

    fn sample() -> (Variant, Table) {
        let slice = Slice {
            white_men: 0,
            white_kings: 1,
            black_men: 1,
            black_kings: 0,
            side: Color::Black,
        };
        let mut t = Table::new(Variant::RUSSIAN.size, slice);
        t.set(0, Wdl::Win);
        t.set(5, Wdl::Loss);
        t.set_plies(0, 7);
        t.set_plies(5, 6);
        (Variant::RUSSIAN, t)
    }

    #[test]
    fn round_trip() {
        let (v, t) = sample();
        let bytes = to_bytes(&v, &t);
        let back = from_bytes(&v, &bytes).unwrap();
        assert_eq!((back.plies(0), back.plies(5), back.plies(1)), (7, 6, 0));
        assert_eq!(back, t);
    }

    #[test]
    fn refusals() {
        let (v, t) = sample();
        let bytes = to_bytes(&v, &t);
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert_eq!(from_bytes(&v, &bad), Err(TableError::NotTable));
        let mut bad = bytes.clone();
        bad[4] = 9;
        assert_eq!(from_bytes(&v, &bad), Err(TableError::Version { found: 9 }));
        assert!(matches!(
            from_bytes(&Variant::BRAZILIAN, &bytes),
            Err(TableError::Variant { .. })
        ));
        assert!(matches!(
            from_bytes(&v, &bytes[..bytes.len() - 1]),
            Err(TableError::Length { .. })
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            from_bytes(&v, &longer),
            Err(TableError::Length { .. })
        ));
        assert!(matches!(
            from_bytes(&v, &bytes[..10]),
            Err(TableError::Length { .. })
        ));
    }
}
