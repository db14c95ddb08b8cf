// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The Identity Registry of ERC-8004 ("Trustless Agents", https://eips.ethereum.org/EIPS/eip-8004, the text of
// ethereum/ERCs ERCS/erc-8004.md at 2395308): an ERC-721 with URI storage whose token is an agent. The token
// id is the agentId, the token URI the agentURI (where the agent's registration file is), the token's owner
// the agent's owner; optional on-chain metadata is kept per agent as key -> bytes.
//
// Production uses the canonical deployment on Base (chain id 8453) at
// 0x8004A169FB4a3325136EB29fA0ceB6D2e539a432. This contract is our own implementation of the same interface,
// so that the local anvil chain (run with Base's chain id) can register agents exactly as Base does: same
// functions, events, ERC-721 name and symbol, agentWallet rules and EIP-712 domain. It is compiled by
// compile.ts into IdentityRegistry.json, which is what gets deployed.

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

contract IdentityRegistry is ERC721URIStorage, EIP712 {
    struct MetadataEntry {
        string metadataKey;
        bytes metadataValue;
    }

    event Registered(uint256 indexed agentId, string agentURI, address indexed owner);
    event MetadataSet(uint256 indexed agentId, string indexed indexedMetadataKey, string metadataKey, bytes metadataValue);
    event URIUpdated(uint256 indexed agentId, string newURI, address indexed updatedBy);

    /// `agentWallet` is set by registration and setAgentWallet only, never by setMetadata or register's metadata.
    error ReservedMetadataKey(string metadataKey);
    /// setAgentWallet's deadline has passed.
    error WalletSignatureExpired(uint256 deadline);
    /// setAgentWallet's deadline is further ahead than MAX_WALLET_DEADLINE_DELAY.
    error WalletDeadlineTooFar(uint256 deadline);
    /// The new wallet did not sign (EIP-712 for an EOA, ERC-1271 for a contract) this agent's AgentWalletSet.
    error InvalidWalletSignature(address newWallet);
    /// The zero address is no wallet: unsetAgentWallet clears it.
    error ZeroWallet();

    string private constant AGENT_WALLET_KEY = "agentWallet";
    bytes32 private constant AGENT_WALLET_KEY_HASH = keccak256(bytes(AGENT_WALLET_KEY));

    /// What the new wallet signs to accept being an agent's wallet (EIP-712 struct of the canonical deployment).
    bytes32 public constant AGENT_WALLET_SET_TYPEHASH =
        keccak256("AgentWalletSet(uint256 agentId,address newWallet,address owner,uint256 deadline)");
    /// A wallet signature is good for at most this long (the canonical deployment's limit): with no nonce in
    /// the signed struct, a short life is what keeps an old signature from being replayed later.
    uint256 public constant MAX_WALLET_DEADLINE_DELAY = 5 minutes;

    // The EIP says only that agentIds are "assigned incrementally"; like the canonical deployment, the first
    // agent registered is agentId 0.
    uint256 private _nextAgentId;

    mapping(uint256 agentId => mapping(string metadataKey => bytes metadataValue)) private _metadata;
    mapping(uint256 agentId => address wallet) private _agentWallet;

    constructor() ERC721("AgentIdentity", "AGENT") EIP712("ERC8004IdentityRegistry", "1") {}

    // ---- Registration ----

    /// Registers an agent without a URI (setAgentURI adds it later).
    function register() external returns (uint256 agentId) {
        agentId = _mintAgent("");
        _finishRegistration(agentId, "");
    }

    function register(string calldata agentURI) external returns (uint256 agentId) {
        agentId = _mintAgent(agentURI);
        _finishRegistration(agentId, agentURI);
    }

    function register(string calldata agentURI, MetadataEntry[] calldata metadata) external returns (uint256 agentId) {
        agentId = _mintAgent(agentURI);
        for (uint256 i = 0; i < metadata.length; i++) {
            _requireUnreserved(metadata[i].metadataKey);
            _writeMetadata(agentId, metadata[i].metadataKey, metadata[i].metadataValue);
        }
        _finishRegistration(agentId, agentURI);
    }

    /// Mints the next agentId to the caller (Transfer), stores its URI and makes the caller its agentWallet.
    function _mintAgent(string memory agentURI) private returns (uint256 agentId) {
        agentId = _nextAgentId++;
        _mint(msg.sender, agentId);
        if (bytes(agentURI).length != 0) _setTokenURI(agentId, agentURI);
        _agentWallet[agentId] = msg.sender;
        emit MetadataSet(agentId, AGENT_WALLET_KEY, AGENT_WALLET_KEY, abi.encodePacked(msg.sender));
    }

    /// Emits Registered, then asks a contract caller to accept the token as _safeMint would: last, once every
    /// write of the registration is done, so the receiver's hook sees a complete agent.
    function _finishRegistration(uint256 agentId, string memory agentURI) private {
        emit Registered(agentId, agentURI, msg.sender);
        ERC721Utils.checkOnERC721Received(msg.sender, address(0), msg.sender, agentId, "");
    }

    // ---- agentURI ----

    /// The owner, or an address approved for the agent or for all of the owner's agents, replaces its URI.
    function setAgentURI(uint256 agentId, string calldata newURI) external {
        _checkAuthorized(_ownerOf(agentId), msg.sender, agentId);
        _setTokenURI(agentId, newURI);
        emit URIUpdated(agentId, newURI, msg.sender);
    }

    // ---- On-chain metadata ----

    /// The value stored under `metadataKey` (empty if none); for `agentWallet`, the wallet's 20 bytes.
    function getMetadata(uint256 agentId, string calldata metadataKey) external view returns (bytes memory) {
        if (keccak256(bytes(metadataKey)) == AGENT_WALLET_KEY_HASH) {
            address wallet = _agentWallet[agentId];
            return wallet == address(0) ? bytes("") : abi.encodePacked(wallet);
        }
        return _metadata[agentId][metadataKey];
    }

    /// The owner or an approved address sets a metadata value; `agentWallet` is refused (ERC-8004: it "cannot
    /// be set via setMetadata()"; setAgentWallet is its only way in).
    function setMetadata(uint256 agentId, string calldata metadataKey, bytes calldata metadataValue) external {
        _checkAuthorized(_ownerOf(agentId), msg.sender, agentId);
        _requireUnreserved(metadataKey);
        _writeMetadata(agentId, metadataKey, metadataValue);
    }

    function _requireUnreserved(string calldata metadataKey) private pure {
        if (keccak256(bytes(metadataKey)) == AGENT_WALLET_KEY_HASH) revert ReservedMetadataKey(metadataKey);
    }

    function _writeMetadata(uint256 agentId, string calldata metadataKey, bytes calldata metadataValue) private {
        _metadata[agentId][metadataKey] = metadataValue;
        emit MetadataSet(agentId, metadataKey, metadataKey, metadataValue);
    }

    // ---- agentWallet ----

    /// Where the agent is paid: its owner at registration, cleared when the agent is transferred.
    function getAgentWallet(uint256 agentId) external view returns (address) {
        return _agentWallet[agentId];
    }

    /// The owner or an approved address points agentWallet at `newWallet`, which proves it agrees by signing
    /// AgentWalletSet(agentId, newWallet, owner, deadline) in this contract's EIP-712 domain (ECDSA for an EOA,
    /// ERC-1271 for a contract wallet).
    function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes calldata signature) external {
        address owner = _ownerOf(agentId);
        _checkAuthorized(owner, msg.sender, agentId);
        if (newWallet == address(0)) revert ZeroWallet();
        if (block.timestamp > deadline) revert WalletSignatureExpired(deadline);
        if (deadline > block.timestamp + MAX_WALLET_DEADLINE_DELAY) revert WalletDeadlineTooFar(deadline);
        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(AGENT_WALLET_SET_TYPEHASH, agentId, newWallet, owner, deadline))
        );
        if (!SignatureChecker.isValidSignatureNow(newWallet, digest, signature)) {
            revert InvalidWalletSignature(newWallet);
        }
        _agentWallet[agentId] = newWallet;
        emit MetadataSet(agentId, AGENT_WALLET_KEY, AGENT_WALLET_KEY, abi.encodePacked(newWallet));
    }

    function unsetAgentWallet(uint256 agentId) external {
        _checkAuthorized(_ownerOf(agentId), msg.sender, agentId);
        _clearAgentWallet(agentId);
    }

    function _clearAgentWallet(uint256 agentId) private {
        if (_agentWallet[agentId] == address(0)) return;
        delete _agentWallet[agentId];
        emit MetadataSet(agentId, AGENT_WALLET_KEY, AGENT_WALLET_KEY, "");
    }

    /// Every transfer of an existing agent (not its mint) clears agentWallet: the new owner verifies its own.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (from != address(0)) _clearAgentWallet(tokenId);
    }
}
