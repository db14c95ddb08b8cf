from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_domain_response_402_type_0_type_1_payment_challenges_scheme import (
    RegisterDomainResponse402Type0Type1PaymentChallengesScheme,
)

if TYPE_CHECKING:
    from ..models.register_domain_response_402_type_0_type_1_payment_challenges_extra import (
        RegisterDomainResponse402Type0Type1PaymentChallengesExtra,
    )


T = TypeVar("T", bound="RegisterDomainResponse402Type0Type1PaymentChallenges")


@_attrs_define
class RegisterDomainResponse402Type0Type1PaymentChallenges:
    """
    Attributes:
        scheme (RegisterDomainResponse402Type0Type1PaymentChallengesScheme):
        network (str): CAIP-2: eip155:8453
        asset (str): The USDC contract
        pay_to (str):
        amount (str): USDC minor units (6 decimals); equals quote.amount_minor
        max_timeout_seconds (int):
        extra (RegisterDomainResponse402Type0Type1PaymentChallengesExtra):
    """

    scheme: RegisterDomainResponse402Type0Type1PaymentChallengesScheme
    network: str
    asset: str
    pay_to: str
    amount: str
    max_timeout_seconds: int
    extra: RegisterDomainResponse402Type0Type1PaymentChallengesExtra

    def to_dict(self) -> dict[str, Any]:
        scheme = self.scheme.value

        network = self.network

        asset = self.asset

        pay_to = self.pay_to

        amount = self.amount

        max_timeout_seconds = self.max_timeout_seconds

        extra = self.extra.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scheme": scheme,
                "network": network,
                "asset": asset,
                "payTo": pay_to,
                "amount": amount,
                "maxTimeoutSeconds": max_timeout_seconds,
                "extra": extra,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.register_domain_response_402_type_0_type_1_payment_challenges_extra import (
            RegisterDomainResponse402Type0Type1PaymentChallengesExtra,  # noqa: PLC0415
        )

        d = dict(src_dict)
        scheme = RegisterDomainResponse402Type0Type1PaymentChallengesScheme(d.pop("scheme"))

        network = d.pop("network")

        asset = d.pop("asset")

        pay_to = d.pop("payTo")

        amount = d.pop("amount")

        max_timeout_seconds = d.pop("maxTimeoutSeconds")

        extra = RegisterDomainResponse402Type0Type1PaymentChallengesExtra.from_dict(d.pop("extra"))

        register_domain_response_402_type_0_type_1_payment_challenges = cls(
            scheme=scheme,
            network=network,
            asset=asset,
            pay_to=pay_to,
            amount=amount,
            max_timeout_seconds=max_timeout_seconds,
            extra=extra,
        )

        return register_domain_response_402_type_0_type_1_payment_challenges
