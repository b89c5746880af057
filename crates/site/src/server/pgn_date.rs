//! Dates as PGN and PDN tags write them (`2026.12.02`), for the games the site writes out.

/// The PGN date (`2026.12.02`, `YYYY.MM.DD`) of a time in milliseconds since 1970, UTC.
pub fn date_of(millis: i64) -> String {
    let days = millis.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_798_934_400_000), "2027.01.03");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
    }
}
