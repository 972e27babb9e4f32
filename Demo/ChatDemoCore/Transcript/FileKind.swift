import Foundation

/// What kind of file a `stat` describes, to refuse writing over anything but a regular file.
enum FileKind: Equatable {
  case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    default: self = .unknown
    }
  }

  /// How an error names it: "a directory", "a FIFO".
  var name: String {
    switch self {
    case .regular: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .unknown: "a special file"
    }
  }
}
