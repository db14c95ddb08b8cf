// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Path USD (dev/test stand-in)
/// @notice A minimal pathUSD-style stablecoin for the local chain. It mirrors the TIP-20 surface the
/// registry relies on: ERC-20 transfers plus `transferWithMemo`, which emits the standard `Transfer`
/// followed by `TransferWithMemo`, so the same verifier and ABI work here and on Tempo.
/// Balances use Solidity 0.8 checked arithmetic: an overdraft or an over-allowance spend reverts.
contract PathUsd {
    string public constant name = "Path USD";
    string public constant symbol = "pathUSD";
    uint8 public constant decimals = 6;

    /// @notice The deployer; the only account allowed to mint.
    address public immutable minter;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 amount);
    event Approval(address indexed owner, address indexed spender, uint256 amount);
    event TransferWithMemo(address indexed from, address indexed to, uint256 amount, bytes32 indexed memo);

    error NotMinter();
    error InvalidRecipient();

    constructor() {
        minter = msg.sender;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    /// @notice Like `transfer`, tagged with a 32-byte memo (the registry binds a payment to its session here).
    function transferWithMemo(address to, uint256 amount, bytes32 memo) external {
        _move(msg.sender, to, amount);
        emit TransferWithMemo(msg.sender, to, amount, memo);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter();
        if (to == address(0)) revert InvalidRecipient();
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _move(address from, address to, uint256 amount) private {
        if (to == address(0)) revert InvalidRecipient();
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
