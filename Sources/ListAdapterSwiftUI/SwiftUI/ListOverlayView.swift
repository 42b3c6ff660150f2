// Apple-only: draws a ListOverlay (decided by the platform-free model).
#if canImport(SwiftUI, _version: 6.0)
import ListAdapter
import SwiftUI

/// What a list shows over its rows for a ``ListOverlay``: nothing, a progress view, a
/// note for an empty list, or a failure with Try Again (a banner when the last good list
/// is under it). Main actor.
struct ListOverlayView: View {
    let overlay: ListOverlay
    let retry: @MainActor () -> Void

    var body: some View {
        switch overlay {
        case .none:
            EmptyView()
        case .loading:
            ProgressView()
        case .empty:
            ContentUnavailableView("No Items", systemImage: "tray")
        case .failed(let error, overList: false):
            ContentUnavailableView {
                Label("Could Not Load", systemImage: "exclamationmark.triangle")
            } description: {
                Text(error.description)
            } actions: {
                Button("Try Again") { retry() }
            }
        case .failed(let error, overList: true):
            VStack {
                Spacer()
                HStack {
                    Label(error.description, systemImage: "exclamationmark.triangle")
                        .lineLimit(2)
                    Button("Try Again") { retry() }
                }
                .padding()
                .background(.regularMaterial, in: .rect(cornerRadius: 12))
                .padding()
            }
        }
    }
}
#endif
