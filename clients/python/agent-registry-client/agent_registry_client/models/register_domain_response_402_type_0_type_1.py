from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.register_domain_response_402_type_0_type_1_protocol import RegisterDomainResponse402Type0Type1Protocol
from ..models.register_domain_response_402_type_0_type_1_status import RegisterDomainResponse402Type0Type1Status

if TYPE_CHECKING:
    from ..models.register_domain_response_402_type_0_type_1_domain import RegisterDomainResponse402Type0Type1Domain
    from ..models.register_domain_response_402_type_0_type_1_payment_challenges import (
        RegisterDomainResponse402Type0Type1PaymentChallenges,
    )
    from ..models.register_domain_response_402_type_0_type_1_quote import RegisterDomainResponse402Type0Type1Quote
    from ..models.register_domain_response_402_type_0_type_1_request import RegisterDomainResponse402Type0Type1Request


T = TypeVar("T", bound="RegisterDomainResponse402Type0Type1")


@_attrs_define
class RegisterDomainResponse402Type0Type1:
    """
    Attributes:
        status (RegisterDomainResponse402Type0Type1Status):
        protocol (RegisterDomainResponse402Type0Type1Protocol):
        session_id (str): The registry checkout (register-status/{session_id})
        session_token (None | str): Single-use token for settle_url and receipt_url (X-Checkout-Session-Token); shown
            once
        settle_url (str):
        receipt_url (str):
        expires_at (str):
        payment_challenges (RegisterDomainResponse402Type0Type1PaymentChallenges):
        request (RegisterDomainResponse402Type0Type1Request):
        domain (RegisterDomainResponse402Type0Type1Domain):
        quote (RegisterDomainResponse402Type0Type1Quote):
        status_url (str):
        reconcile_url (str):
        message (str):
        warnings (list[str]):
    """

    status: RegisterDomainResponse402Type0Type1Status
    protocol: RegisterDomainResponse402Type0Type1Protocol
    session_id: str
    session_token: None | str
    settle_url: str
    receipt_url: str
    expires_at: str
    payment_challenges: RegisterDomainResponse402Type0Type1PaymentChallenges
    request: RegisterDomainResponse402Type0Type1Request
    domain: RegisterDomainResponse402Type0Type1Domain
    quote: RegisterDomainResponse402Type0Type1Quote
    status_url: str
    reconcile_url: str
    message: str
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        protocol = self.protocol.value

        session_id = self.session_id

        session_token: None | str
        session_token = self.session_token

        settle_url = self.settle_url

        receipt_url = self.receipt_url

        expires_at = self.expires_at

        payment_challenges = self.payment_challenges.to_dict()

        request = self.request.to_dict()

        domain = self.domain.to_dict()

        quote = self.quote.to_dict()

        status_url = self.status_url

        reconcile_url = self.reconcile_url

        message = self.message

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "protocol": protocol,
                "session_id": session_id,
                "session_token": session_token,
                "settle_url": settle_url,
                "receipt_url": receipt_url,
                "expires_at": expires_at,
                "payment_challenges": payment_challenges,
                "request": request,
                "domain": domain,
                "quote": quote,
                "status_url": status_url,
                "reconcile_url": reconcile_url,
                "message": message,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.register_domain_response_402_type_0_type_1_domain import RegisterDomainResponse402Type0Type1Domain  # noqa: PLC0415
        from ..models.register_domain_response_402_type_0_type_1_payment_challenges import (
            RegisterDomainResponse402Type0Type1PaymentChallenges,  # noqa: PLC0415
        )
        from ..models.register_domain_response_402_type_0_type_1_quote import RegisterDomainResponse402Type0Type1Quote  # noqa: PLC0415
        from ..models.register_domain_response_402_type_0_type_1_request import (
            RegisterDomainResponse402Type0Type1Request,  # noqa: PLC0415
        )

        d = dict(src_dict)
        status = RegisterDomainResponse402Type0Type1Status(d.pop("status"))

        protocol = RegisterDomainResponse402Type0Type1Protocol(d.pop("protocol"))

        session_id = d.pop("session_id")

        def _parse_session_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_token = _parse_session_token(d.pop("session_token"))

        settle_url = d.pop("settle_url")

        receipt_url = d.pop("receipt_url")

        expires_at = d.pop("expires_at")

        payment_challenges = RegisterDomainResponse402Type0Type1PaymentChallenges.from_dict(d.pop("payment_challenges"))

        request = RegisterDomainResponse402Type0Type1Request.from_dict(d.pop("request"))

        domain = RegisterDomainResponse402Type0Type1Domain.from_dict(d.pop("domain"))

        quote = RegisterDomainResponse402Type0Type1Quote.from_dict(d.pop("quote"))

        status_url = d.pop("status_url")

        reconcile_url = d.pop("reconcile_url")

        message = d.pop("message")

        warnings = cast(list[str], d.pop("warnings"))

        register_domain_response_402_type_0_type_1 = cls(
            status=status,
            protocol=protocol,
            session_id=session_id,
            session_token=session_token,
            settle_url=settle_url,
            receipt_url=receipt_url,
            expires_at=expires_at,
            payment_challenges=payment_challenges,
            request=request,
            domain=domain,
            quote=quote,
            status_url=status_url,
            reconcile_url=reconcile_url,
            message=message,
            warnings=warnings,
        )

        return register_domain_response_402_type_0_type_1
