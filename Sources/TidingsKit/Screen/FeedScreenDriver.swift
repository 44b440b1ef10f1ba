import Foundation
import TidingsModel

/// The one engine under both SwiftUI screen objects — ``FeedScreen`` (`@Observable`, iOS 17) and
/// `FeedScreenObject` (`ObservableObject`, iOS 16): it runs a ``FeedScreenModel``'s actions and
/// hands each state the model publishes, in order, to `show`, which sets the object's property.
@MainActor
final class FeedScreenDriver {
    let model: FeedScreenModel
    private let show: @MainActor (FeedScreenState) -> Void
    /// Set once, on the main actor; read again only by `deinit` to stop following.
    nonisolated(unsafe) private var following: Task<Void, Never>?
    /// The model's version of the state last shown, and the actions waiting for a version.
    private let shown = CatchingUp()
    private var showing: FeedScreenState = .loading

    init(model: FeedScreenModel, show: @escaping @MainActor (FeedScreenState) -> Void) {
        self.model = model
        self.show = show
    }

    deinit {
        following?.cancel()
    }

    /// Runs one of the model's actions with the state following it, caught up when it returns.
    func perform(_ action: (FeedScreenModel) async -> Void) async {
        follow()
        await action(model)
        await settle()
    }

    func dismiss(notification id: String, using client: TidingsClient) async throws(TidingsError) {
        follow()
        try await model.dismiss(notification: id, using: client)
        await settle()
    }

    /// Starts following the model's states: every state it publishes is shown, in order. The task
    /// holds the driver weakly, so a screen that goes away stops it.
    private func follow() {
        guard following == nil else { return }
        let model = model
        following = Task { [weak self] in
            for await update in await model.versionedUpdates() {
                guard let self else { return }
                if self.showing != update.state {
                    self.showing = update.state
                    self.show(update.state)
                }
                self.shown.reach(update.version)
            }
        }
    }

    /// Once an action returns, the state has caught up with the model's.
    private func settle() async {
        await shown.wait(for: await model.version)
    }
}
