from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.register_onchain_identity_response_402_type_0_protocol import (
    RegisterOnchainIdentityResponse402Type0Protocol,
)
from ..models.register_onchain_identity_response_402_type_0_status import RegisterOnchainIdentityResponse402Type0Status

if TYPE_CHECKING:
    from ..models.register_onchain_identity_response_402_type_0_challenge import (
        RegisterOnchainIdentityResponse402Type0Challenge,
    )


T = TypeVar("T", bound="RegisterOnchainIdentityResponse402Type0")


@_attrs_define
class RegisterOnchainIdentityResponse402Type0:
    """
    Attributes:
        status (RegisterOnchainIdentityResponse402Type0Status):
        protocol (RegisterOnchainIdentityResponse402Type0Protocol):
        amount (float):
        amount_minor (str):
        currency (str):
        session_id (str):
        pay_url (str):
        expires_at (str):
        challenge (RegisterOnchainIdentityResponse402Type0Challenge):
        message (str):
        warnings (list[str]):
    """

    status: RegisterOnchainIdentityResponse402Type0Status
    protocol: RegisterOnchainIdentityResponse402Type0Protocol
    amount: float
    amount_minor: str
    currency: str
    session_id: str
    pay_url: str
    expires_at: str
    challenge: RegisterOnchainIdentityResponse402Type0Challenge
    message: str
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        protocol = self.protocol.value

        amount = self.amount

        amount_minor = self.amount_minor

        currency = self.currency

        session_id = self.session_id

        pay_url = self.pay_url

        expires_at = self.expires_at

        challenge = self.challenge.to_dict()

        message = self.message

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "protocol": protocol,
                "amount": amount,
                "amount_minor": amount_minor,
                "currency": currency,
                "session_id": session_id,
                "pay_url": pay_url,
                "expires_at": expires_at,
                "challenge": challenge,
                "message": message,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.register_onchain_identity_response_402_type_0_challenge import (
            RegisterOnchainIdentityResponse402Type0Challenge,  # noqa: PLC0415
        )

        d = dict(src_dict)
        status = RegisterOnchainIdentityResponse402Type0Status(d.pop("status"))

        protocol = RegisterOnchainIdentityResponse402Type0Protocol(d.pop("protocol"))

        amount = d.pop("amount")

        amount_minor = d.pop("amount_minor")

        currency = d.pop("currency")

        session_id = d.pop("session_id")

        pay_url = d.pop("pay_url")

        expires_at = d.pop("expires_at")

        challenge = RegisterOnchainIdentityResponse402Type0Challenge.from_dict(d.pop("challenge"))

        message = d.pop("message")

        warnings = cast(list[str], d.pop("warnings"))

        register_onchain_identity_response_402_type_0 = cls(
            status=status,
            protocol=protocol,
            amount=amount,
            amount_minor=amount_minor,
            currency=currency,
            session_id=session_id,
            pay_url=pay_url,
            expires_at=expires_at,
            challenge=challenge,
            message=message,
            warnings=warnings,
        )

        return register_onchain_identity_response_402_type_0
