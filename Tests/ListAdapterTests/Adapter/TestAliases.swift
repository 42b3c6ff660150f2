import ListAdapter
import ListAdapterTesting

typealias EventRecorder = ListEventRecorder
typealias ViewHarness = ListViewAdapterProbe<String, Int, String>
