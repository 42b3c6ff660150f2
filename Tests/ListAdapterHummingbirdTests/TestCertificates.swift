#if WebSocket
import Crypto
import Foundation
import HummingbirdTLS
import X509

/// A certificate authority and a server certificate for `localhost` signed by it, made
/// afresh for each test run (no key is kept in the repository): the server presents the
/// certificate, the app trusts the authority.
struct TestCertificates {
    let authority: NIOSSLCertificate
    let server: NIOSSLCertificate
    let serverKey: NIOSSLPrivateKey

    init() throws {
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
        self.authority = try NIOSSLCertificate(bytes: Array(try authority.serializeAsPEM().pemString.utf8), format: .pem)
        self.server = try NIOSSLCertificate(bytes: Array(try server.serializeAsPEM().pemString.utf8), format: .pem)
        self.serverKey = try NIOSSLPrivateKey(bytes: Array(serverKey.pemRepresentation.utf8), format: .pem)
    }

    /// What the server presents.
    var serverConfiguration: TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(server)], privateKey: .privateKey(serverKey))
    }

    /// An app that trusts only the test authority.
    var clientConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([authority])
        return configuration
    }
}
#endif
