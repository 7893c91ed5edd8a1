// The start-up benchmark's floor (startup.sh): a statically linked Foundation program that prints one
// line and makes no URLSession.
import Foundation

print("hello", Date.distantPast < Date())
