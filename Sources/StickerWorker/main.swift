import Glibc

// The sandboxed sticker decoder the app starts (see `StickerWorkerMain` and `StickerSandbox`).
exit(StickerWorkerMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
