from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegisterOnchainIdentityResponse402Type0Challenge")


@_attrs_define
class RegisterOnchainIdentityResponse402Type0Challenge:
    """
    Attributes:
        token (str):
        pay_to (str):
        chain_id (int):
        memo (str): The memo a payer paying by hand writes: the attribution memo mppx’s Tempo client would write for
            this challenge
        decimals (int):
        call (str): The token function that pays by hand: transferWithMemo(pay_to, amount_minor, memo)
        rpc_url (None | str): A public RPC of the chain, when the operator publishes one
    """

    token: str
    pay_to: str
    chain_id: int
    memo: str
    decimals: int
    call: str
    rpc_url: None | str

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        pay_to = self.pay_to

        chain_id = self.chain_id

        memo = self.memo

        decimals = self.decimals

        call = self.call

        rpc_url: None | str
        rpc_url = self.rpc_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "pay_to": pay_to,
                "chain_id": chain_id,
                "memo": memo,
                "decimals": decimals,
                "call": call,
                "rpc_url": rpc_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        pay_to = d.pop("pay_to")

        chain_id = d.pop("chain_id")

        memo = d.pop("memo")

        decimals = d.pop("decimals")

        call = d.pop("call")

        def _parse_rpc_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rpc_url = _parse_rpc_url(d.pop("rpc_url"))

        register_onchain_identity_response_402_type_0_challenge = cls(
            token=token,
            pay_to=pay_to,
            chain_id=chain_id,
            memo=memo,
            decimals=decimals,
            call=call,
            rpc_url=rpc_url,
        )

        return register_onchain_identity_response_402_type_0_challenge
