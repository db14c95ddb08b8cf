from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_domain_response_402_type_0_type_1_quote_currency import (
    RegisterDomainResponse402Type0Type1QuoteCurrency,
)
from ..models.register_domain_response_402_type_0_type_1_quote_mpp_network import (
    RegisterDomainResponse402Type0Type1QuoteMppNetwork,
)

T = TypeVar("T", bound="RegisterDomainResponse402Type0Type1Quote")


@_attrs_define
class RegisterDomainResponse402Type0Type1Quote:
    """
    Attributes:
        currency (RegisterDomainResponse402Type0Type1QuoteCurrency):
        amount (str):
        amount_minor (str):
        decimals (int):
        mpp_network (RegisterDomainResponse402Type0Type1QuoteMppNetwork):
        chain_id (int):
    """

    currency: RegisterDomainResponse402Type0Type1QuoteCurrency
    amount: str
    amount_minor: str
    decimals: int
    mpp_network: RegisterDomainResponse402Type0Type1QuoteMppNetwork
    chain_id: int

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        amount = self.amount

        amount_minor = self.amount_minor

        decimals = self.decimals

        mpp_network = self.mpp_network.value

        chain_id = self.chain_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "currency": currency,
                "amount": amount,
                "amount_minor": amount_minor,
                "decimals": decimals,
                "mpp_network": mpp_network,
                "chain_id": chain_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = RegisterDomainResponse402Type0Type1QuoteCurrency(d.pop("currency"))

        amount = d.pop("amount")

        amount_minor = d.pop("amount_minor")

        decimals = d.pop("decimals")

        mpp_network = RegisterDomainResponse402Type0Type1QuoteMppNetwork(d.pop("mpp_network"))

        chain_id = d.pop("chain_id")

        register_domain_response_402_type_0_type_1_quote = cls(
            currency=currency,
            amount=amount,
            amount_minor=amount_minor,
            decimals=decimals,
            mpp_network=mpp_network,
            chain_id=chain_id,
        )

        return register_domain_response_402_type_0_type_1_quote
