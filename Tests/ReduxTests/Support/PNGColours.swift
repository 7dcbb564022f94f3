import Foundation
import Testing

/// What a PNG's pixels hold, decoded by python3's `zlib` (corelibs Foundation has no PNG
/// decoder): its size and how many distinct colours it has, counted up to ``PNGColours/cap``.
struct PNGColours: Decodable, Sendable {
    var width: Int
    var height: Int
    /// Distinct pixel values (all channels, alpha included), at most ``cap``.
    var colours: Int

    /// Counting stops here: enough to tell a drawn page from a blank one.
    static let cap = 64

    /// The first eight bytes of every PNG file.
    static let signature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// python3 on `PATH`, or nil: the caller then skips the pixel check with the reason printed,
    /// or fails when `REDUX_REQUIRE_BROWSER=1` demands every part of the browser tests run.
    static func python(sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        if let python = executableOnPath(named: "python3") { return python }
        if HeadlessBrowser.isRequired {
            Issue.record("REDUX_REQUIRE_BROWSER=1 but no python3 on PATH to decode the screenshots", sourceLocation: sourceLocation)
        } else {
            print("Skipped the screenshots' pixel check: no python3 on PATH to decode them")
        }
        return nil
    }

    /// Decodes the PNG at `file` with `python`.
    static func read(_ file: URL, python: URL) async throws -> PNGColours {
        let run = try await runChildProcess(python, ["-c", script, file.path, String(cap)])
        guard run.status == 0 else {
            throw PNGFailure(description: "decoding \(file.lastPathComponent) failed (\(run.status)): \(run.errorText)")
        }
        return try JSONDecoder().decode(PNGColours.self, from: run.output)
    }

    /// Reads a non-interlaced PNG of 8 bits per channel: inflates its IDAT chunks, undoes each
    /// row's filter (None, Sub, Up, Average, Paeth) and counts distinct pixels.
    static let script = #"""
    import json, struct, sys, zlib
    path, cap = sys.argv[1], int(sys.argv[2])
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG")
    offset, idat, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour_type)
    if depth != 8 or channels is None or interlace != 0:
        sys.exit("unsupported PNG: depth %d, colour type %d, interlace %d" % (depth, colour_type, interlace))
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif kind != 0:
            sys.exit("bad filter %d on row %d" % (kind, y))
        if len(colours) < cap:
            for x in range(0, stride, channels):
                colours.add(bytes(line[x:x + channels]))
                if len(colours) >= cap:
                    break
        previous = line
    print(json.dumps({"width": width, "height": height, "colours": len(colours)}))
    """#
}

/// A PNG that could not be decoded.
struct PNGFailure: Error, CustomStringConvertible {
    var description: String
}
