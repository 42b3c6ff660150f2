/// Where the structures of a database file, a WAL or a rollback journal lie, so that
/// mutations land on headers and page boundaries (where a reader's decisions are) far more
/// often than uniformly random offsets would.
///
/// A file is a header followed by fixed-size records, one per page: the main file's pages
/// (the first one begins with the 100-byte database header), a WAL's frames (a 24-byte
/// frame header, then the page), a journal's records (a 4-byte page number, the page, a
/// 4-byte checksum) after a header padded to the journal's sector size.
struct FileLayout {
    /// Bytes of the file's own header.
    let headerSize: Int
    /// Where the first record starts.
    let firstRecord: Int
    /// Bytes from one record to the next.
    let stride: Int
    /// Bytes before the page inside a record.
    let recordHeader: Int
    let pageSize: Int

    static func main(pageSize: Int) -> FileLayout {
        FileLayout(headerSize: 100, firstRecord: 0, stride: pageSize, recordHeader: 0, pageSize: pageSize)
    }

    static func wal(pageSize: Int) -> FileLayout {
        FileLayout(headerSize: 32, firstRecord: 32, stride: pageSize + 24, recordHeader: 24, pageSize: pageSize)
    }

    /// `sectorSize`: the journal header's field at offset 20, read from the seed.
    static func journal(pageSize: Int, sectorSize: Int) -> FileLayout {
        FileLayout(headerSize: 28, firstRecord: max(sectorSize, 28), stride: pageSize + 8, recordHeader: 4, pageSize: pageSize)
    }

    /// The offset a mutation aims at in a file of `count` bytes (wrapped into the file, so
    /// every mutation changes something); `nil` for an empty file.
    func offset(_ a: Int, region: FuzzInput.Region, b: Int, fine: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let records = max(1, (count - firstRecord + stride - 1) / stride)
        let record = firstRecord + (a % records) * stride
        let page = record + recordHeader
        let raw: Int
        switch region {
        case .header:
            raw = a % headerSize
        case .start:
            // A record header, then the b-tree page header and the first cell pointers
            // (after the database header on page 1).
            raw = record + (record == 0 && recordHeader == 0 ? 100 : 0) + b % (recordHeader + 24)
        case .anywhere:
            raw = page + b * pageSize / 256 + fine
        case .end:
            raw = page + pageSize - 1 - b % 64
        }
        return raw % count
    }
}
