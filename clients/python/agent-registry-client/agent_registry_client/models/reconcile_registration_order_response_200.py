from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reconcile_registration_order_response_200_order_status import (
    ReconcileRegistrationOrderResponse200OrderStatus,
)
from ..models.reconcile_registration_order_response_200_state import ReconcileRegistrationOrderResponse200State
from ..models.reconcile_registration_order_response_200_status import ReconcileRegistrationOrderResponse200Status

if TYPE_CHECKING:
    from ..models.reconcile_registration_order_response_200_registration_type_0 import (
        ReconcileRegistrationOrderResponse200RegistrationType0,
    )
    from ..models.reconcile_registration_order_response_200_settlement_type_0 import (
        ReconcileRegistrationOrderResponse200SettlementType0,
    )


T = TypeVar("T", bound="ReconcileRegistrationOrderResponse200")


@_attrs_define
class ReconcileRegistrationOrderResponse200:
    """
    Attributes:
        status (ReconcileRegistrationOrderResponse200Status):
        order_id (str): The checkout: its session id (USDC and mpp routes) or hosted-checkout order id
        domain (str):
        state (ReconcileRegistrationOrderResponse200State):
        order_status (ReconcileRegistrationOrderResponse200OrderStatus): paid once the domain is registered; refused:
            money that arrived was credited back as gems
        payment_method (str):
        expires_at (None | str):
        domain_id (int | None):
        domain_status (None | str): The registered domain’s status (active, grace, expired)
        tx_hash (None | str): The transaction that paid, when paid on chain
        settlement (None | ReconcileRegistrationOrderResponse200SettlementType0): USDC route only: where the checkout
            relay’s settlement stands
        registration (None | ReconcileRegistrationOrderResponse200RegistrationType0):
    """

    status: ReconcileRegistrationOrderResponse200Status
    order_id: str
    domain: str
    state: ReconcileRegistrationOrderResponse200State
    order_status: ReconcileRegistrationOrderResponse200OrderStatus
    payment_method: str
    expires_at: None | str
    domain_id: int | None
    domain_status: None | str
    tx_hash: None | str
    settlement: None | ReconcileRegistrationOrderResponse200SettlementType0
    registration: None | ReconcileRegistrationOrderResponse200RegistrationType0

    def to_dict(self) -> dict[str, Any]:
        from ..models.reconcile_registration_order_response_200_registration_type_0 import (
            ReconcileRegistrationOrderResponse200RegistrationType0,  # noqa: PLC0415
        )
        from ..models.reconcile_registration_order_response_200_settlement_type_0 import (
            ReconcileRegistrationOrderResponse200SettlementType0,  # noqa: PLC0415
        )

        status = self.status.value

        order_id = self.order_id

        domain = self.domain

        state = self.state.value

        order_status = self.order_status.value

        payment_method = self.payment_method

        expires_at: None | str
        expires_at = self.expires_at

        domain_id: int | None
        domain_id = self.domain_id

        domain_status: None | str
        domain_status = self.domain_status

        tx_hash: None | str
        tx_hash = self.tx_hash

        settlement: dict[str, Any] | None
        if isinstance(self.settlement, ReconcileRegistrationOrderResponse200SettlementType0):
            settlement = self.settlement.to_dict()
        else:
            settlement = self.settlement

        registration: dict[str, Any] | None
        if isinstance(self.registration, ReconcileRegistrationOrderResponse200RegistrationType0):
            registration = self.registration.to_dict()
        else:
            registration = self.registration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "order_id": order_id,
                "domain": domain,
                "state": state,
                "order_status": order_status,
                "payment_method": payment_method,
                "expires_at": expires_at,
                "domain_id": domain_id,
                "domain_status": domain_status,
                "tx_hash": tx_hash,
                "settlement": settlement,
                "registration": registration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reconcile_registration_order_response_200_registration_type_0 import (
            ReconcileRegistrationOrderResponse200RegistrationType0,  # noqa: PLC0415
        )
        from ..models.reconcile_registration_order_response_200_settlement_type_0 import (
            ReconcileRegistrationOrderResponse200SettlementType0,  # noqa: PLC0415
        )

        d = dict(src_dict)
        status = ReconcileRegistrationOrderResponse200Status(d.pop("status"))

        order_id = d.pop("order_id")

        domain = d.pop("domain")

        state = ReconcileRegistrationOrderResponse200State(d.pop("state"))

        order_status = ReconcileRegistrationOrderResponse200OrderStatus(d.pop("order_status"))

        payment_method = d.pop("payment_method")

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_domain_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        domain_id = _parse_domain_id(d.pop("domain_id"))

        def _parse_domain_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        domain_status = _parse_domain_status(d.pop("domain_status"))

        def _parse_tx_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tx_hash = _parse_tx_hash(d.pop("tx_hash"))

        def _parse_settlement(data: object) -> None | ReconcileRegistrationOrderResponse200SettlementType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                settlement_type_0 = ReconcileRegistrationOrderResponse200SettlementType0.from_dict(data)

                return settlement_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReconcileRegistrationOrderResponse200SettlementType0, data)

        settlement = _parse_settlement(d.pop("settlement"))

        def _parse_registration(data: object) -> None | ReconcileRegistrationOrderResponse200RegistrationType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                registration_type_0 = ReconcileRegistrationOrderResponse200RegistrationType0.from_dict(data)

                return registration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReconcileRegistrationOrderResponse200RegistrationType0, data)

        registration = _parse_registration(d.pop("registration"))

        reconcile_registration_order_response_200 = cls(
            status=status,
            order_id=order_id,
            domain=domain,
            state=state,
            order_status=order_status,
            payment_method=payment_method,
            expires_at=expires_at,
            domain_id=domain_id,
            domain_status=domain_status,
            tx_hash=tx_hash,
            settlement=settlement,
            registration=registration,
        )

        return reconcile_registration_order_response_200
