@_exported import TidingsIngest
@_exported import TidingsSections
@_exported import TidingsServer
