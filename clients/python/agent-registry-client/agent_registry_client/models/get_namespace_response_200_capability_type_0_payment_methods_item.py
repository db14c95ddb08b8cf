from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_namespace_response_200_capability_type_0_payment_methods_item_availability import (
    GetNamespaceResponse200CapabilityType0PaymentMethodsItemAvailability,
)
from ..models.get_namespace_response_200_capability_type_0_payment_methods_item_channels_item import (
    GetNamespaceResponse200CapabilityType0PaymentMethodsItemChannelsItem,
)
from ..models.get_namespace_response_200_capability_type_0_payment_methods_item_method import (
    GetNamespaceResponse200CapabilityType0PaymentMethodsItemMethod,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_namespace_response_200_capability_type_0_payment_methods_item_network_availability import (
        GetNamespaceResponse200CapabilityType0PaymentMethodsItemNetworkAvailability,
    )


T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType0PaymentMethodsItem")


@_attrs_define
class GetNamespaceResponse200CapabilityType0PaymentMethodsItem:
    """
    Attributes:
        method (GetNamespaceResponse200CapabilityType0PaymentMethodsItemMethod):
        availability (GetNamespaceResponse200CapabilityType0PaymentMethodsItemAvailability):
        channels (list[GetNamespaceResponse200CapabilityType0PaymentMethodsItemChannelsItem]):
        default_when_omitted (bool):
        identity_requirement (str):
        networks (list[str]):
        network_availability (GetNamespaceResponse200CapabilityType0PaymentMethodsItemNetworkAvailability | Unset):
    """

    method: GetNamespaceResponse200CapabilityType0PaymentMethodsItemMethod
    availability: GetNamespaceResponse200CapabilityType0PaymentMethodsItemAvailability
    channels: list[GetNamespaceResponse200CapabilityType0PaymentMethodsItemChannelsItem]
    default_when_omitted: bool
    identity_requirement: str
    networks: list[str]
    network_availability: GetNamespaceResponse200CapabilityType0PaymentMethodsItemNetworkAvailability | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        availability = self.availability.value

        channels = []
        for channels_item_data in self.channels:
            channels_item = channels_item_data.value
            channels.append(channels_item)

        default_when_omitted = self.default_when_omitted

        identity_requirement = self.identity_requirement

        networks = self.networks

        network_availability: dict[str, Any] | Unset = UNSET
        if not isinstance(self.network_availability, Unset):
            network_availability = self.network_availability.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "method": method,
                "availability": availability,
                "channels": channels,
                "default_when_omitted": default_when_omitted,
                "identity_requirement": identity_requirement,
                "networks": networks,
            }
        )
        if network_availability is not UNSET:
            field_dict["network_availability"] = network_availability

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_namespace_response_200_capability_type_0_payment_methods_item_network_availability import (
            GetNamespaceResponse200CapabilityType0PaymentMethodsItemNetworkAvailability,  # noqa: PLC0415
        )

        d = dict(src_dict)
        method = GetNamespaceResponse200CapabilityType0PaymentMethodsItemMethod(d.pop("method"))

        availability = GetNamespaceResponse200CapabilityType0PaymentMethodsItemAvailability(d.pop("availability"))

        channels = []
        _channels = d.pop("channels")
        for channels_item_data in _channels:
            channels_item = GetNamespaceResponse200CapabilityType0PaymentMethodsItemChannelsItem(channels_item_data)

            channels.append(channels_item)

        default_when_omitted = d.pop("default_when_omitted")

        identity_requirement = d.pop("identity_requirement")

        networks = cast(list[str], d.pop("networks"))

        _network_availability = d.pop("network_availability", UNSET)
        network_availability: GetNamespaceResponse200CapabilityType0PaymentMethodsItemNetworkAvailability | Unset
        if isinstance(_network_availability, Unset):
            network_availability = UNSET
        else:
            network_availability = (
                GetNamespaceResponse200CapabilityType0PaymentMethodsItemNetworkAvailability.from_dict(
                    _network_availability
                )
            )

        get_namespace_response_200_capability_type_0_payment_methods_item = cls(
            method=method,
            availability=availability,
            channels=channels,
            default_when_omitted=default_when_omitted,
            identity_requirement=identity_requirement,
            networks=networks,
            network_availability=network_availability,
        )

        return get_namespace_response_200_capability_type_0_payment_methods_item
