import Foundation

// The JSON form of the podcast fields: snake_case, absent values and empty lists left out, read
// back by the decoders below (every key may be missing).

extension PodcastInfo: Codable {
    enum CodingKeys: String, CodingKey {
        case categories, explicit, type, owner, image, subtitle, complete, guid, locked, funding, persons
    }

    /// Absent values and empty lists are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !categories.isEmpty { try container.encode(categories, forKey: .categories) }
        try container.encodeIfPresent(explicit, forKey: .explicit)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(subtitle, forKey: .subtitle)
        try container.encodeIfPresent(complete, forKey: .complete)
        try container.encodeIfPresent(guid, forKey: .guid)
        try container.encodeIfPresent(locked, forKey: .locked)
        if !funding.isEmpty { try container.encode(funding, forKey: .funding) }
        if !persons.isEmpty { try container.encode(persons, forKey: .persons) }
    }

    /// Reads what `encode(to:)` writes; missing lists are empty, missing values nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        categories = try container.decodeIfPresent([[String]].self, forKey: .categories) ?? []
        explicit = try container.decodeIfPresent(Bool.self, forKey: .explicit)
        type = try container.decodeIfPresent(ShowType.self, forKey: .type)
        owner = try container.decodeIfPresent(ParsedAuthor.self, forKey: .owner)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        complete = try container.decodeIfPresent(Bool.self, forKey: .complete)
        guid = try container.decodeIfPresent(String.self, forKey: .guid)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked)
        funding = try container.decodeIfPresent([PodcastFunding].self, forKey: .funding) ?? []
        persons = try container.decodeIfPresent([PodcastPerson].self, forKey: .persons) ?? []
    }
}

extension EpisodeInfo: Codable {
    enum CodingKeys: String, CodingKey {
        case duration, explicit, episode, season, image, subtitle, transcripts, chapters, persons
        case seasonName = "season_name"
        case episodeType = "episode_type"
    }

    /// Absent values and empty lists are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(explicit, forKey: .explicit)
        try container.encodeIfPresent(episode, forKey: .episode)
        try container.encodeIfPresent(season, forKey: .season)
        try container.encodeIfPresent(seasonName, forKey: .seasonName)
        try container.encodeIfPresent(episodeType, forKey: .episodeType)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(subtitle, forKey: .subtitle)
        if !transcripts.isEmpty { try container.encode(transcripts, forKey: .transcripts) }
        try container.encodeIfPresent(chapters, forKey: .chapters)
        if !persons.isEmpty { try container.encode(persons, forKey: .persons) }
    }

    /// Reads what `encode(to:)` writes; missing lists are empty, missing values nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        explicit = try container.decodeIfPresent(Bool.self, forKey: .explicit)
        episode = try container.decodeIfPresent(Int.self, forKey: .episode)
        season = try container.decodeIfPresent(Int.self, forKey: .season)
        seasonName = try container.decodeIfPresent(String.self, forKey: .seasonName)
        episodeType = try container.decodeIfPresent(EpisodeType.self, forKey: .episodeType)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        transcripts = try container.decodeIfPresent([PodcastTranscript].self, forKey: .transcripts) ?? []
        chapters = try container.decodeIfPresent(PodcastChapters.self, forKey: .chapters)
        persons = try container.decodeIfPresent([PodcastPerson].self, forKey: .persons) ?? []
    }
}
