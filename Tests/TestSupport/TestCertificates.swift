#if WebSocket
import Crypto
import Foundation
package import HummingbirdTLS
import X509

/// A certificate authority and a server certificate for `localhost` signed by it, made
/// afresh for each test run (no key is kept in the repository): the server presents the
/// certificate, the app trusts the authority.
package struct TestCertificates {
    package let authority: NIOSSLCertificate
    package let server: NIOSSLCertificate
    package let serverKey: NIOSSLPrivateKey
    /// The same three as PEM text, for programs that read files.
    package let authorityPEM: String
    package let serverPEM: String
    package let serverKeyPEM: String

    package init() throws {
        let authorityKey = P256.Signing.PrivateKey()
        let authorityName = try DistinguishedName { CommonName("ListAdapter test authority") }
        let now = Date()
        let authority = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(authorityKey.publicKey),
            notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: authorityName, subject: authorityName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(authorityKey)
        )
        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: authorityName,
            subject: try DistinguishedName { CommonName("localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                SubjectAlternativeNames([.dnsName("localhost")])
            },
            issuerPrivateKey: .init(authorityKey)
        )
        authorityPEM = try authority.serializeAsPEM().pemString
        serverPEM = try server.serializeAsPEM().pemString
        serverKeyPEM = serverKey.pemRepresentation
        self.authority = try NIOSSLCertificate(bytes: Array(authorityPEM.utf8), format: .pem)
        self.server = try NIOSSLCertificate(bytes: Array(serverPEM.utf8), format: .pem)
        self.serverKey = try NIOSSLPrivateKey(bytes: Array(serverKeyPEM.utf8), format: .pem)
    }

    /// What the server presents.
    package var serverConfiguration: TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(server)], privateKey: .privateKey(serverKey))
    }

    /// An app that trusts only the test authority.
    package var clientConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([authority])
        return configuration
    }
}
#endif
