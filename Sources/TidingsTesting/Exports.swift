@_exported import TidingsServer
