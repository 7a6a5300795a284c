/// Receives a record for every activity and callout of a loop whose `tracer` it is. Called on the
/// loop's thread, synchronously, in the order things happen.
package protocol RunLoopTracer: AnyObject {
    func record(_ record: RunLoopTraceRecord)
}
